/**
 * English messages of the portal-authentication pages (/auth/…: strategies so far). They travel
 * with those pages' chunks; zh-cn and es are typed against this catalogue.
 */
export const portalEnUS = {
  portal: {
    strategy: {
      add: 'Add strategy',
      addTitle: 'Add a strategy',
      editTitle: 'Edit strategy',
      edit: 'Edit',
      delete: 'Delete',
      deleteTitle: 'Delete strategy {{name}}?',
      deleteContent: 'Guests are no longer checked against it. A strategy a portal uses cannot be deleted.',
      deleted: 'Strategy deleted',
      added: 'Strategy added',
      saved: 'Strategy saved',
      total: '{{count}} strategies',
      empty:
        'No strategy yet: add one to say how long guests stay connected and who is always let in or kept out.',
      loadFailed: 'The strategies could not be loaded',
      name: 'Name',
      validity: 'Validity',
      validityHint: 'How long a guest stays authenticated before the portal asks again',
      permanent: 'Permanent',
      days_one: '{{count}} day',
      days_other: '{{count}} days',
      sessionMinutes: 'Session length (minutes)',
      sessionHint: '0: one session lasts until the validity ends',
      uploadKbps: 'Upload rate (kbit/s)',
      downloadKbps: 'Download rate (kbit/s)',
      uploadQuota: 'Upload quota (MB)',
      downloadQuota: 'Download quota (MB)',
      limitHint: '0: no limit; applied where the gateway supports it',
      noLimit: 'No limit',
      rate: 'Rate (up / down)',
      ipWhitelist: 'IP white list',
      ipBlacklist: 'IP black list',
      macWhitelist: 'MAC white list',
      macBlacklist: 'MAC black list',
      whitelistHint: 'Never asked to log in. Several addresses separated by commas.',
      blacklistHint: 'Never let in. Several addresses separated by commas.',
      lists: 'White / black lists',
      listCounts: '{{white}} allowed, {{black}} blocked',
      actions: 'Actions',
    },
  },
}

export type PortalCatalogue = typeof portalEnUS
