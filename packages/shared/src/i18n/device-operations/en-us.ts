/**
 * English messages of the operations on devices from the list (reboot, WiFi, timed reboot and
 * LED for a selection, with their progress) and of the remote management pages (/manager1,
 * /manager2). They travel with those chunks, not in the first paint; zh-cn and es are typed
 * against this catalogue.
 */
export const deviceOperationsEnUS = {
  deviceOperations: {
    selection: 'Devices: {{names}}',
    actions: {
      reboot: 'Reboot',
      wifi: 'Set WiFi',
      timedReboot: 'Timed reboot',
      led: 'LED',
      ledOn: 'Turn the LED on',
      ledOff: 'Turn the LED off',
      remote: 'Remote',
      remoteOf: 'Remote management of {{name}}',
      remoteWeb: 'Management page',
      remoteDiag: 'Diagnostics',
    },
    reboot: {
      title: 'Reboot {{name}}?',
      titleMany: 'Reboot the {{count}} selected devices?',
      content: 'The devices restart now: they are offline for a moment and their clients are disconnected.',
    },
    wifi: {
      title: 'Set WiFi',
      template:
        'The settings go to every selected device. Channel is automatic unless you choose one; the other radio settings are taken from {{name}}.',
      change: 'Change the {{band}} radio',
      bands: {
        '2g': '2.4 GHz',
        '5g': '5 GHz',
      },
      enabled: 'Radio on',
      ssid: 'SSID',
      hidden: 'Hide the SSID',
      encryption: 'Encryption',
      encryptions: {
        none: 'None (open network)',
        wep: 'WEP',
        'wpa2-psk': 'WPA2-PSK',
        'wpa-wpa2-psk': 'WPA/WPA2-PSK',
        'wpa3-sae': 'WPA3-SAE',
        'wpa2-wpa3': 'WPA2/WPA3',
      },
      password: 'Password',
      passwordHint: "Leave it empty to keep each device's current password.",
      power: 'Transmit power',
      powerValue: '{{percent}}%',
      channel: 'Channel',
      channelAuto: 'Automatic',
      noBand: 'Choose at least one radio to change',
      noRadio: 'These devices have no radio of this band.',
      loading: 'Reading the settings of {{name}}…',
      loadFailed: 'The WiFi settings could not be read',
      apply: 'Apply',
    },
    timedReboot: {
      title: 'Timed reboot',
      enabled: 'Reboot on a schedule',
      days: 'Days',
      time: 'Time',
      weekdays: {
        '0': 'Sun',
        '1': 'Mon',
        '2': 'Tue',
        '3': 'Wed',
        '4': 'Thu',
        '5': 'Fri',
        '6': 'Sat',
      },
      save: 'Save',
    },
    progress: {
      titles: {
        reboot: 'Reboot: progress',
        wifi: 'WiFi settings: progress',
        timedReboot: 'Timed reboot: progress',
        led: 'LED: progress',
      },
      summary: '{{done}} of {{total}} devices done',
      allDone: 'Done on every device.',
      someFailed: 'Not applied on {{count}} of the devices: their reasons are listed below.',
      waiting: 'Devices that are offline receive the change when they reconnect.',
      running: 'You may close this window: the devices go on applying the change.',
      device: 'Device',
      status: 'Status',
      reason: 'Reason',
      statuses: {
        pending: 'Waiting for the device',
        applying: 'Applying',
        success: 'Done',
        failed: 'Failed',
      },
      loadFailed: 'The progress could not be loaded',
      close: 'Close',
    },
    remote: {
      title: 'Remote management',
      diagnosticsTitle: 'Remote diagnostics',
      device: 'Device',
      mac: 'MAC',
      firmware: 'Firmware',
      expires: 'Link valid until',
      frameTitle: 'Management page of {{name}}',
      connecting: 'Connecting to the device…',
      reload: 'Reload',
      linkExpired: 'This remote management link has expired. Open a new one from the device list.',
      linkInvalid: 'This remote management link is not valid.',
      deviceOffline: 'The device is offline: it cannot be reached now.',
      popupBlocked: 'The browser blocked the new tab: allow pop-ups for this site and try again.',
    },
    diagnostics: {
      tool: 'Tool',
      tools: {
        ping: 'Ping',
        traceroute: 'Traceroute',
        interfaces: 'Interfaces',
      },
      host: 'Host',
      hostHint: 'A host name or an IP address, e.g. example.org',
      run: 'Run',
      running: 'Running on the device, this can take up to 30 seconds…',
      output: 'Output',
      noOutput: 'The device returned no output.',
    },
  },
}

/** The shape every language of these messages has: the same keys as English, any wording. */
export type DeviceOperationsCatalogue = DeepStrings<typeof deviceOperationsEnUS>

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> }
