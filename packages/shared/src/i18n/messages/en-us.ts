/**
 * English messages of the system-message page (/msg). Each message's own title is a core key
 * (e.g. messageTitles.*, alarmMessages.*), since the server's mails render it too.
 * zh-cn and es are typed against this catalogue.
 */
export const messagesEnUS = {
  messages: {
    kinds: {
      alarm: 'Alarm',
      recovery: 'Recovery',
      upgrade: 'Upgrade',
      inspection: 'Inspection',
      announcement: 'Announcement',
    },
    filter: {
      kind: 'Type',
      all: 'All',
      range: 'Date',
      days: 'Recent days',
      daysOne: 'Last day',
      daysOption: 'Last {{count}} days',
      search: 'Search',
      reset: 'Reset',
    },
    column: {
      title: 'Message',
      kind: 'Type',
      time: 'Received',
      status: 'Status',
      push: 'Push',
      actions: 'Actions',
    },
    read: 'Read',
    unread: 'Unread',
    open: 'Open',
    markRead: 'Mark read',
    markSelectedRead: 'Mark selected read',
    markAllRead: 'Mark all read',
    markedAllRead: 'All messages marked read',
    delete: 'Delete',
    deleteSelected: 'Delete selected',
    deleteConfirm: 'Delete {{count}} message(s)?',
    deleteContent: 'Deleted messages cannot be recovered.',
    deleted: 'Messages deleted',
    cancel: 'Cancel',
    total: '{{count}} messages',
    empty: 'No system messages.',
    loadFailed: 'The system messages could not be loaded.',
    mail: {
      title: 'E-mail service',
      usesDefault: 'Pushes are mailed through the server’s e-mail service. Set your own below.',
      noDefault: 'No e-mail service is set: e-mail pushes fail until you set one below.',
      usesOwn: 'Pushes are mailed through this e-mail service.',
      host: 'SMTP server',
      port: 'SMTP port',
      address: 'Sender address',
      save: 'Save',
      saved: 'E-mail service saved',
      test: 'Send a test e-mail',
      testSent: 'Test e-mail sent to {{to}}',
    },
    push: {
      email: 'E-mail',
      wechat: 'WeChat',
      pending: '{{channel}}: sending',
      sent: '{{channel}}: sent',
      failed: '{{channel}}: failed after {{attempts}} attempts ({{error}})',
    },
  },
}

export type MessagesCatalogue = typeof messagesEnUS
