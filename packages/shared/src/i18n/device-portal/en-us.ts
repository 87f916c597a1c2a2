/**
 * English messages of the device detail page's Portal tab (§7 auth/info, auth/set, auth/roam/*).
 * zh-cn and es are typed against this catalogue.
 */
export const devicePortalEnUS = {
  devicePortal: {
    tab: 'Portal',
    intro: 'Guests joining an SSID with the portal on see its page and log in before they get online.',
    none: 'The device reports no SSID yet.',
    ssid: '{{target}}: {{ssid}}',
    targets: {
      '2g': '2.4 GHz',
      '5g': '5 GHz',
      vap1: 'Virtual AP 1',
      vap2: 'Virtual AP 2',
      vap3: 'Virtual AP 3',
    },
    enabled: 'Portal',
    page: 'Portal page',
    strategy: 'Strategy',
    methods: 'Authentication methods',
    methodNames: { click: 'Click-through (accept the terms)', member: 'Member account', sms: 'SMS code' },
    offline: 'When the cloud is unreachable',
    offlinePolicies: { open: 'Let new guests in', closed: 'Keep new guests out' },
    choose: 'Choose…',
    save: 'Save',
    saved: 'Saved: the device applies it',
    noChoices: 'Add a portal page and a strategy under Authentication management first.',
    sync: { in_sync: 'In sync', applying: 'Applying', pending: 'Waiting for the device', failed: 'Failed' },
    roaming: 'Group roaming in this project',
    roamingHint:
      'A guest authenticated on one device of the project is not asked again on another. While it is on, portals of the project cannot change.',
    roamingOn: 'Group roaming turned on',
    roamingOff: 'Group roaming turned off',
    roamingLocked: 'Turn group roaming off to change this portal',
    noProject: 'The device is in no project: group roaming does not apply.',
  },
}

export type DevicePortalCatalogue = typeof devicePortalEnUS
