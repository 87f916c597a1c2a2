import type { HelpLibrary } from './types'

/**
 * The help center in English: the reference. Each article describes one screen as the console
 * builds it (its fields, the §5 rules it checks, the §8 messages it can show); zh-cn and es say
 * the same in their language. Change the article in the same commit as the screen.
 */
export const helpEnUS: HelpLibrary = {
  sections: {
    start: 'Getting started',
    devices: 'Devices',
    projects: 'Projects',
    maintenance: 'System maintenance',
    notifications: 'Messages and announcements',
    portal: 'Authentication (portal)',
    accounts: 'Accounts',
  },
  articles: {
    console: {
      title: 'Finding your way around the console',
      summary: 'The top bar, the side menu, languages, what you may see, and why a session ends.',
      sections: [
        {
          heading: 'The top bar',
          blocks: [
            'The button at the far left folds and unfolds the side menu; the logo takes you back to the home page. On the right you find:',
            {
              list: [
                'Bind device: child accounts that may bind devices bind one here (the primary account binds from the device list). When you have no device yet, a hint bubble points at it.',
                'The language buttons: English, 中文 and Español. The console switches at once, without reloading, and remembers your choice in this browser.',
                'System messages: the bell shows the number of unread messages when there are any, and it updates by itself.',
                'Help: the question mark opens the help article of the page you are on.',
                'Personal center and Log out. Logging out asks for confirmation first.',
              ],
            },
          ],
        },
        {
          heading: 'The side menu and what you may see',
          blocks: [
            'The menu lists the sections your account may use: Home, Device management (the device list and the alarms), Project management, System maintenance (upgrade management, log management, config backup and template management), Authentication management (portal page, strategy and authentication methods) and Account management.',
            'A primary account sees every section. A child account sees the sections its roles grant; Home is always granted. Account management and the portal settings are for the primary account only, and a child account of level 1 (operator) does not get upgrade management or template management.',
            'Opening the address of a page your role does not include shows “No permission” inside the console: ask the primary account for access. An address that does not exist shows “Page not found” with a button that returns home.',
          ],
        },
        {
          heading: 'Languages',
          blocks: [
            'The console starts in the language you chose last in this browser; otherwise in the default set by your provider; otherwise in your browser’s language if it is English, Chinese or Spanish; otherwise in English.',
          ],
        },
        {
          heading: 'Why you were logged out',
          blocks: [
            'Your session ends when you log out, after a long time without activity, when your password is changed (every other session is ended), or when your account is disabled. The message “Login credentials invalid or expired, log in again” means the session could not be renewed: log in again and the console takes you back to the page you asked for. “This account is no longer in use” means the account has been disabled: contact whoever manages it.',
          ],
        },
        {
          heading: 'Messages you may see anywhere',
          blocks: [
            {
              list: [
                '“Data request is too frequent”: wait a moment and try again.',
                '“The system is a bit busy” or “Service is not available, please try again later”: the server could not answer now; nothing was changed, try again later.',
                '“Network Error” or “Network connection timed out”: check your connection. A request waits at most 60 seconds.',
                '“The page took too long to load, please check your network”: a part of the console did not arrive within 120 seconds.',
              ],
            },
            'When you report a problem, give your account name, the time, the page, what you did and the exact message. Never send your password.',
          ],
        },
      ],
    },
    home: {
      title: 'Home page',
      summary: 'Your devices at a glance, the traffic of your network, and your account.',
      sections: [
        {
          heading: 'Project overview',
          blocks: [
            'The overview counts your devices: how many there are, how many are online and offline, and how many of each type (access point, gateway, repeater, 4G router). “Recently offline” lists the devices that went offline most recently: name or MAC, model, and since when.',
            'When you have no device yet, the overview offers to open the device list, where you bind one.',
          ],
        },
        {
          heading: 'Traffic and clients',
          blocks: [
            'The chart shows the download and upload throughput of your devices and the number of online clients over the last hour, the last 24 hours or the last 7 days. Choose a project to see only its devices (with its sub-projects). A period without reports says so instead of drawing an empty line.',
          ],
        },
        {
          heading: 'Your account',
          blocks: [
            'The account card shows your account name, whether it is a primary or a child account, its level, your e-mail address and phone number, when you registered and when you last logged in (or that this is your first login). Change your details in the personal center.',
          ],
        },
      ],
    },
    'sign-in': {
      title: 'Logging in',
      summary:
        'Log in with your account or your phone number, remember the account, and what the login messages mean.',
      sections: [
        {
          heading: 'Account or phone',
          blocks: [
            'On the Account login tab, enter your account and password. On the Phone login tab, choose your country code, enter your phone number and your password; this works when your profile has a phone number.',
            '“Remember account” keeps the account name or phone number in this browser so the form is filled in next time. Your password is never stored. Untick it on a shared computer.',
            'If you opened a console address before logging in, you are taken there once you are logged in.',
          ],
        },
        {
          heading: 'Rules',
          blocks: [
            {
              list: [
                'Account: 3-20 letters, digits or underscores, starting with a letter.',
                'Password: 6-20 letters and digits.',
              ],
            },
          ],
        },
        {
          heading: 'When it does not work',
          blocks: [
            {
              list: [
                '“Account or password error”: check both, and the keyboard’s language and caps lock. If you forgot the password, choose “Forgot password?”.',
                '“This account is no longer in use”: the account has been disabled by the primary account that created it.',
                '“Login failure”: the server could not log you in now; try again in a moment.',
              ],
            },
          ],
        },
      ],
    },
    register: {
      title: 'Creating an account',
      summary: 'Register a primary account, the rules of each field, and the user agreement.',
      sections: [
        {
          heading: 'The form',
          blocks: [
            'Choose “Register” on the login page. The account you create is a primary account: it sees every section of the console and can create child accounts for colleagues.',
            {
              list: [
                'Account: 3-20 letters, digits or underscores, starting with a letter.',
                'Password: 6-20 letters and digits, entered twice.',
                'E-mail: a valid address; it is used for password resets and notices, and no other account may use it.',
                'Phone number: optional; 6-25 digits, always together with its country code, and not used by another account.',
                'The user agreement must be read and accepted; it opens from the link beside the box.',
              ],
            },
            'Once the account is created, log in with it.',
          ],
        },
        {
          heading: 'Messages',
          blocks: [
            {
              list: [
                '“Account already exists”: choose another account name.',
                '“This mailbox already exists”: the e-mail address belongs to another account.',
                '“The mobile number has been bound”: the phone number belongs to another account.',
                '“Registration failed, check the information”: correct the fields marked in red.',
              ],
            },
          ],
        },
      ],
    },
    'password-reset': {
      title: 'Forgotten password and password reset',
      summary: 'Get a reset link by e-mail, use it, and what to do when it is invalid or expired.',
      sections: [
        {
          heading: 'Asking for a link',
          blocks: [
            'On the login page choose “Forgot password?”, enter your account and the e-mail address it was registered with, and choose “Send reset link”. The next page confirms where the e-mail went. If it does not arrive, check your spam folder, then “Resend e-mail”: it can be sent again once the countdown (one minute) has ended.',
          ],
        },
        {
          heading: 'Choosing the new password',
          blocks: [
            'Open the link in the e-mail. The page names the account and asks for the new password twice: 6-20 letters and digits. Then log in with the new password.',
            'A link works once and for the minutes the e-mail states (30 unless your provider set another time), and a newer link replaces older ones: always use the latest e-mail.',
          ],
        },
        {
          heading: 'Messages',
          blocks: [
            {
              list: [
                '“The account does not exist” or “Incorrect Email”: the account or the e-mail address is not the one registered.',
                '“Link Invalid” or “The link has expired, please resend the email”: request a new link.',
                '“Mail notification service is not configured”: the server cannot send e-mail; contact your provider.',
              ],
            },
          ],
        },
      ],
    },
    'device-list': {
      title: 'Device management: the device list',
      summary:
        'Find devices with filters and search, choose the columns, and act on one device or a selection.',
      sections: [
        {
          heading: 'What the list shows',
          blocks: [
            'Every device you may see, with its status, name, MAC address, model and type, firmware, uptime, CPU and memory use, clients, access time, IP address and project. “Columns” chooses which columns show (“Default columns” goes back). The list refreshes every few seconds, so a device going online or offline shows within a few seconds.',
          ],
        },
        {
          heading: 'Filters and search',
          blocks: [
            'Filter by project (a project includes its sub-projects), status, type, model, firmware and, for accounts that manage templates, configuration template; “Changed on the device” shows devices whose running configuration no longer matches what Canopy set. Search by name or MAC address. “Clear filters” removes them all. The filters are kept in the page’s address, so a filtered list can be bookmarked or shared.',
          ],
        },
        {
          heading: 'Actions',
          blocks: [
            'Each row has Details (the device’s page), Remote (its management page or diagnostics, for an online device) and More: upgrade, move, unbind and delete. Tick several devices to act on all of them from the toolbar above the list: reboot, set WiFi, timed reboot, LED on or off, upgrade, move, unbind and delete.',
            'You see only the actions your roles allow. An action a device cannot take now is greyed out and its tooltip says why.',
          ],
        },
        {
          heading: 'Messages',
          blocks: [
            {
              list: [
                '“Please select at least one device”: tick devices before using the toolbar.',
                '“Online devices cannot be deleted”: wait until they are offline, or unbind them instead.',
                '“No permission”: your role does not include this function for these devices.',
              ],
            },
          ],
        },
      ],
    },
    'bind-device': {
      title: 'Binding a device',
      summary: 'Add a device to your account with its MAC address and management password.',
      sections: [
        {
          heading: 'The bind dialog',
          blocks: [
            'Open it with “Bind device” in the device list (child accounts also find it in the top bar).',
            {
              list: [
                'Device account: at most 32 characters; leave it empty to use admin.',
                'Management password: the device’s own management password, at most 63 characters; required.',
                'Device MAC: twelve hexadecimal digits as printed on the label, e.g. 02:C1:01:AB:CD:EF, 02-C1-01-AB-CD-EF or 02C101ABCDEF. It cannot be all zeros, all F, or a multicast or broadcast address.',
                'Project: tick the one project the device belongs to.',
              ],
            },
            'The device must have connected to the cloud before, because the device vouches for its management password. After “Confirm”, it appears in the list within a few seconds.',
          ],
        },
        {
          heading: 'Why a device was not bound',
          blocks: [
            {
              list: [
                '“MAC address error”: the address is not a valid device MAC.',
                '“Product does not exist” or “Unsupported device model”: the MAC belongs to no known product, or to a model that cannot be bound yet.',
                '“Device does not exist”: no device with this MAC has connected to the cloud.',
                '“Device is occupied and cannot be bound”: another account has it; it must be unbound there first.',
                '“The device account or management password is wrong”.',
                '“The device limit has been reached”: your account holds as many devices as it may.',
              ],
            },
          ],
        },
      ],
    },
    'batch-operations': {
      title: 'Operations on several devices',
      summary:
        'Reboot, set WiFi, timed reboot, LED, move, unbind and delete a selection, and follow the progress.',
      sections: [
        {
          heading: 'The rules',
          blocks: [
            {
              list: [
                'At least one device must be selected, and you need the function on every one of them.',
                'Reboot: every device must be online.',
                'Set WiFi, timed reboot and LED: one offline device may be set (the change waits until it reconnects); several devices must all be online. Set WiFi also needs devices of one model, because radios and channels are the model’s.',
                'Move and unbind: any status. Delete: offline devices only.',
              ],
            },
          ],
        },
        {
          heading: 'Set WiFi',
          blocks: [
            'Choose the radios to change (2.4 GHz, 5 GHz), then radio on or off, SSID, hide the SSID, encryption, password, transmit power (100%, 75%, 50%, 25% or 12%) and channel (automatic unless you choose one). Leave the password empty to keep each device’s current one. The other radio settings are taken from the first selected device.',
            'SSID: not empty, at most 32 bytes (a Chinese character counts 3), no \\ or ". WiFi password: 8-63 ASCII characters or a 64-digit hexadecimal key; a WEP key has 5 or 13 characters.',
          ],
        },
        {
          heading: 'Timed reboot, LED, move, unbind, delete',
          blocks: [
            'Timed reboot reboots the devices on the chosen days at the chosen time. LED turns the LEDs on or off. Move puts the devices in another project. Unbind releases them from your account with their history; they can be bound again. Delete removes them from the cloud: they must register again before they can be bound.',
          ],
        },
        {
          heading: 'Progress',
          blocks: [
            'Reboot, WiFi, timed reboot and LED open a progress window: each device is “Waiting for the device”, “Applying”, “Done” or “Failed” with its reason. You may close it: the devices go on applying the change, and the operation log keeps the result.',
          ],
        },
      ],
    },
    'device-detail': {
      title: 'Device details and their tabs',
      summary:
        'One device’s state and settings: system, traffic, network, WiFi, portal, repeater, alarm setting, device log, clients and backups.',
      sections: [
        {
          heading: 'How settings reach the device',
          blocks: [
            'A change you save is sent to the device at once, or kept and applied when an offline device reconnects. Each part shows its state: “Waiting for the device”, “Applying…”, “In sync” (the device applied the last change) or “The device refused the change” with its reason and the buttons Retry and Revert. Commands such as reboot or reading the log need the device online.',
            'A banner says when the device’s running configuration was changed on the device itself: “Accept as desired” keeps it, “Put back” sends Canopy’s settings again. A card shows the configuration template the device follows, if any.',
          ],
        },
        {
          heading: 'System and traffic',
          blocks: [
            'System shows the mode (gateway, repeater, wireless ISP, access point, WDS, bypass) and a chart of CPU and memory use over 1 hour, 24 hours or 7 days. It sets the timed reboot (days and time), WiFi timed off (off and on again at set times), the LED, “Blink LED” (10 seconds, to find the device) and “Reboot now”.',
            'Traffic charts the WAN and radio throughput and the clients of the device over the last hour, 24 hours or 7 days.',
          ],
        },
        {
          heading: 'Network',
          blocks: [
            'The WAN connection (static IP, PPPoE, DHCP or mobile network) with its address, mask, gateway and DNS, and the LAN with its DHCP server and address pool. Rules: IP addresses are four numbers 0-255 whose first and last are not 0, not loopback, multicast or reserved, and not conflicting with the LAN; DNS first number 1-223 (not 127); subnet mask with contiguous ones; the pool start not after its end; MTU within the range shown for the connection type; VLAN 0 (off) or 3-4094; PPPoE timeout 1-30.',
          ],
        },
        {
          heading: 'WiFi and repeater',
          blocks: [
            'Each radio and its virtual APs: on or off, SSID (at most 32 bytes, no \\ or "), hide SSID, channel, bandwidth, encryption and password (8-63 characters or a 64-digit hexadecimal key; WEP 5 or 13), transmit power, beacon interval 50-1000 ms, fragmentation threshold 256-2346, RTS threshold 50-2347, short guard interval, max users within the model’s limit, user isolation and VLAN. A password field left as it is keeps the current password.',
            'Repeater (for devices that can repeat) sets the uplink network’s SSID and password.',
          ],
        },
        {
          heading: 'Portal',
          blocks: [
            'For each SSID the device reports (2.4 GHz, 5 GHz, virtual APs): switch the portal on, choose the portal page, the strategy and the authentication methods (click-through, member account, SMS code), and what happens when the cloud is unreachable: let new guests in or keep them out. Add a portal page and a strategy under Authentication management first.',
            '“Group roaming in this project”: a guest authenticated on one device of the project is not asked again on another; while it is on, the project’s portals cannot change.',
          ],
        },
        {
          heading: 'Alarm setting, device log, clients, backups',
          blocks: [
            'Alarm setting: the device’s alarm rules and receivers (see “Alarms”). Device log: read the log from the device, filter it by text and source, follow it as it grows, and download it; “Logging is off on the device” means you must enable logging first. Clients: the connected clients with MAC, host name, IP, SSID, signal, traffic and time online. Backups: the device’s configuration versions (see “Configuration backups”).',
          ],
        },
      ],
    },
    alarms: {
      title: 'Alarms',
      summary:
        'Set alarm rules per device or project, who is notified and how, mute during maintenance, and follow the alarm list.',
      sections: [
        {
          heading: 'Alarm rules',
          blocks: [
            'Set them on a device’s Alarm setting tab, or for a whole project with “Alarm settings” on the project page: a project’s devices inherit its settings, and saving on a device gives it its own (“Use the project’s settings” goes back). Each alarm has an on/off switch and, where it has one, a threshold:',
            {
              list: [
                'Device offline; WAN down; configuration drift (the device’s running configuration no longer matches what Canopy set, see “Configuration backups”).',
                'CPU above and memory above: a percentage 0-100 with at most 3 decimals.',
                'Clients above: a number of clients. 4G signal below: in dBm.',
                'WAN IP changed and upgrade failed: events, they fire at once.',
              ],
            },
            '“Must hold for” is 1, 3 or 5 minutes: the condition must last that long before the alarm fires, so a device that flaps does not flood anyone. An alarm fires once, and a recovery notice follows when the condition clears.',
          ],
        },
        {
          heading: 'Notification',
          blocks: [
            'Choose “Push by e-mail” and/or “Push by WeChat” and the receiving accounts (your own and the child accounts in scope). Every alarm and recovery also lands in System messages. E-mail goes through the e-mail service set on the System messages page; WeChat reaches accounts that have bound WeChat.',
          ],
        },
        {
          heading: 'Maintenance (mute)',
          blocks: [
            'Mute a device’s or project’s alarms for 1 hour, 4 hours, 1 day or 7 days while you work on it; “End the mute” ends it early.',
          ],
        },
        {
          heading: 'The alarm list',
          blocks: [
            'Device management → Alarms lists the alarms of your devices: Active and History, filtered by alarm type. Each row shows the device (a link to it), the alarm, the reading against its threshold, when it fired and recovered, and whether it was acknowledged. “Acknowledge” records that someone is on it.',
          ],
        },
      ],
    },
    remote: {
      title: 'Remote management and diagnostics',
      summary: 'Open a device’s own management page or run ping and traceroute on it from the cloud.',
      sections: [
        {
          heading: 'Opening a remote link',
          blocks: [
            'In the device list, Remote → Management page or Diagnostics opens a new tab for an online device; you need the “Edit settings” function. The link itself is the credential and is valid until the time it shows, so no login is needed in that tab. If the browser blocked the tab, allow pop-ups for this site and try again.',
          ],
        },
        {
          heading: 'Management page and diagnostics',
          blocks: [
            'The management page shows the device’s own web interface inside the console; Reload loads it again. Diagnostics runs a tool on the device: Ping or Traceroute to a host name or IP address, or Interfaces; a run can take up to 30 seconds, and its output is shown below. Both are recorded in the operation log.',
          ],
        },
        {
          heading: 'Messages',
          blocks: [
            {
              list: [
                '“This remote management link has expired”: open a new one from the device list.',
                '“This remote management link is not valid”: the address was changed or cut.',
                '“The device is offline: it cannot be reached now.”',
              ],
            },
          ],
        },
      ],
    },
    projects: {
      title: 'Project management',
      summary:
        'Organise devices in a tree of projects, and the rules for adding, moving and deleting projects.',
      sections: [
        {
          heading: 'The project tree',
          blocks: [
            'Projects group devices, for example by site, building or floor. Every account has the default project, My Project, which cannot be changed or deleted; below it the tree has at most 5 levels. Search the tree, or choose a project to see it with its sub-projects. Choosing a project in the device list or on the home page also includes its sub-projects.',
          ],
        },
        {
          heading: 'Adding and editing',
          blocks: [
            {
              list: [
                'Project name: 1-10 letters, digits, Chinese characters, underscores or @.',
                'Parent project: choosing another parent moves the project with its sub-projects; a project cannot move under itself or one of its sub-projects.',
                'Address: at most 100 characters. Director: at most 20. Remark: at most 50.',
              ],
            },
            '“Alarm settings” on a project sets the alarm rules its devices inherit.',
          ],
        },
        {
          heading: 'Deleting, and messages',
          blocks: [
            {
              list: [
                '“Project has bound devices”: move or unbind its devices first.',
                '“Project has sub-projects”: delete or move them first.',
                '“Project bound to other accounts”: a role still grants it; change the role first.',
                '“Project list can not exceed 5 levels”.',
              ],
            },
            'A guest role may view projects but not change them.',
          ],
        },
      ],
    },
    upgrade: {
      title: 'Upgrade management: firmware and upgrade orders',
      summary:
        'Upload firmware packages and upgrade devices now or later, in waves, with progress and retries.',
      sections: [
        {
          heading: 'Who may use it',
          blocks: [
            'Upgrade management is for the primary account and child accounts of administrator level whose roles grant System maintenance; level 1 (operator) accounts do not see it.',
          ],
        },
        {
          heading: 'Firmware packages',
          blocks: [
            'Upload package: choose the file; the model and version are read from it when it names them, otherwise enter them (model at most 64 characters; version 1-64 letters, digits or . _ + -, starting with a letter or digit). The list shows each package’s file, size, SHA-256, upload time and source: uploaded by this account, or published by the operator for all accounts.',
            'A package used by an upgrade order, or published by the operator, cannot be deleted. Messages: “Unsupported file type”, “File already exists”, “The model and version must be those in the file”, “The file is larger than the upload limit”.',
          ],
        },
        {
          heading: 'Creating an upgrade order',
          blocks: [
            'New upgrade order: choose devices one by one (all of one model) or a whole project and the model to upgrade in it, then the firmware version, and Immediate or Timed (later than now and at most 8 hours ahead). Offline devices and devices without an upgrade function are refused unless the order waits for offline devices.',
            'Advanced options: a canary wave (the first devices or the first percent; if it fails the rest is not sent), devices per minute, at most upgrading at once, stop when the failure rate exceeds a percentage after at least a number of devices finished, wait for offline devices, and the end of the maintenance window.',
          ],
        },
        {
          heading: 'Following an order',
          blocks: [
            'The orders list shows each order’s model, version, devices, time, status (scheduled, running, finished, canceled, aborted) and counts. Details lists every device with its command, download and upgrade results, reason and retries, refreshing while the order runs; “Retry failed devices” sends the failed ones again. Cancel an order to keep devices that have not started on their firmware. Orders in preparation or upgrading cannot be deleted.',
            'Messages: “Device model inconsistent with firmware model”, “Maximum supported device count exceeded”, “The selected device has no upgrade function”, “Time must be later than the current time”, “Timed upgrade must be within 8 hours”, “Maximum retries reached”.',
          ],
        },
      ],
    },
    logs: {
      title: 'Log management',
      summary: 'The operation log and the upgrade log: filters, results and CSV export.',
      sections: [
        {
          heading: 'Operation log',
          blocks: [
            'Every operation on devices: reboots (single and batch), timed reboots, LED, system, network, WiFi and repeater settings, firmware upgrades, remote web management and remote diagnostics. Each record shows the time, the account (or System), the operation, the devices, the detail and the result: in progress, success, failed or partly failed.',
          ],
        },
        {
          heading: 'Upgrade log',
          blocks: [
            'Every device of every upgrade order: order number, MAC, model, the version it came from and went to, result, the reason of a failure (download failed, checksum mismatch, flashing failed, model mismatch, refused, came back on the old version, timed out, canceled…), started and finished.',
          ],
        },
        {
          heading: 'Filters and export',
          blocks: [
            'Filter by a date range or by recent days (the last 1 to 7 days), not both; dates start in 2008. Filter the operation log by action and result, the upgrade log by model and result. “Export CSV” downloads the records that match the filters.',
          ],
        },
      ],
    },
    backups: {
      title: 'Configuration backups',
      summary:
        'Scheduled project backups, a device’s backup versions, restore, compare, and changes made on the device.',
      sections: [
        {
          heading: 'Scheduled project backups',
          blocks: [
            'System maintenance → Config backup backs up every device of a project and its sub-projects. Choose the project, the frequency (off, daily or weekly), the day for a weekly backup and the time of day. Times are UTC; the next run is shown. “Back up the project now” starts one at once.',
          ],
        },
        {
          heading: 'A device’s backups',
          blocks: [
            'The Backups tab of a device lists its versions with the time, size, firmware, who took them (an account or the schedule), SHA-256 and note. “Back up now” takes the running configuration, with an optional note of at most 50 characters; an offline device uploads when it returns. “Keep the last” sets how many versions are kept: 1 to 100.',
            'Download saves a version. Restore sends it whole to this device, or to a replacement device of the same model; a device must be online to be restored to. Tick two versions to compare them, or one to compare it with the desired settings; secrets are only said to have changed, never shown.',
          ],
        },
        {
          heading: 'Changed on the device',
          blocks: [
            'When a device’s running configuration no longer matches what Canopy set, its page shows what Canopy set against what runs now: “Accept as desired” keeps the device’s version, “Put back” restores Canopy’s settings (follow it in the operation log). The device list can show only such devices.',
          ],
        },
      ],
    },
    templates: {
      title: 'Template management',
      summary:
        'Configuration templates for system and WiFi settings, applied by hand or automatically to a project.',
      sections: [
        {
          heading: 'Templates',
          blocks: [
            'A template sets some system settings (LED, timed reboot, WiFi timed off) and WiFi radios (SSID, hidden SSID, encryption, password); it must set at least one. Create one from scratch, from a device (it takes the settings the device reports now; WiFi passwords stay on each device), or copy one. Template management is for administrator-level accounts, like upgrade management.',
            'A template used by devices or a project cannot be deleted: “The template is used by devices or a project and cannot be deleted”.',
          ],
        },
        {
          heading: 'Applying',
          blocks: [
            {
              list: [
                'Manual: now, to chosen devices. Every one must be online, and of one model when the template sets WiFi.',
                'Automatic: to a project. Every device bound or moved into the project or its sub-projects gets it, and every edit of the template rolls out to them. “Stop automatic application” ends it.',
              ],
            },
            'Each device shows its state: waiting for the device, applying, in sync, failed, changed since, older version, or not supported by this model. The device list can filter by template and show a Template column.',
          ],
        },
      ],
    },
    messages: {
      title: 'System messages and the e-mail service',
      summary:
        'Alarms, recoveries, finished upgrades and announcements as messages; read, delete, push status; the e-mail service.',
      sections: [
        {
          heading: 'Messages',
          blocks: [
            'Open them with the bell in the top bar; its badge counts unread messages and updates without reloading. A message is an alarm, a recovery, a finished upgrade order, an inspection report or an announcement. Filter by type and by a date range or recent days, open a message to read it, mark selected or all messages read, and delete messages (deleted messages cannot be recovered).',
            'The Push column says whether the e-mail or WeChat copy was sent, is still sending, or failed after its attempts, with the error.',
          ],
        },
        {
          heading: 'E-mail service (primary account)',
          blocks: [
            'The primary account sets the e-mail service used to push its notifications: SMTP server (a host name or IP address, at most 253 characters), SMTP port (1-65535) and sender address, all required. Without your own settings, the server’s e-mail service is used if it has one. “Send a test e-mail” checks the settings.',
            '“Mail notification service is not configured” means no e-mail service is set: e-mail pushes fail until one is.',
          ],
        },
      ],
    },
    announcements: {
      title: 'Announcements',
      summary: 'News from the operator, readable without logging in.',
      sections: [
        {
          heading: 'Reading announcements',
          blocks: [
            'The announcement list (/announcement_list) shows every published announcement, newest first, with its publication time; a title opens it. Both pages are open without logging in, in the language you choose. Signed-in users also receive each announcement as a system message.',
            '“This announcement does not exist or was withdrawn” means its link is no longer valid.',
          ],
        },
      ],
    },
    'portal-pages': {
      title: 'Portal pages',
      summary: 'Design the page guests see before they connect to your WiFi.',
      sections: [
        {
          heading: 'A portal page',
          blocks: [
            'Authentication management → Portal page is for the primary account. Add a page and choose:',
            {
              list: [
                'Display type: picture above, picture behind, or text only.',
                'Title: 1-25 Chinese characters, letters or digits. Tips: up to 50 characters under the title.',
                'Banner and tips pictures: JPEG, PNG or WebP, at most 2 MB; they are re-encoded and at most 1080 pixels wide.',
                'Guide address: where guests go once connected, starting with http:// or https://.',
                'Colour scheme: blue, green, orange, red or dark.',
              ],
            },
            '“Preview on a phone” shows the page as a guest sees it, in the guest language you choose.',
          ],
        },
        {
          heading: 'Messages',
          blocks: [
            {
              list: [
                '“Invalid title or prompt”, “Guide address error”: correct the field.',
                '“Upload format error or too large”: use a JPEG, PNG or WebP picture of at most 2 MB.',
                '“Portal does not exist”: it was deleted meanwhile.',
              ],
            },
          ],
        },
      ],
    },
    'portal-strategy': {
      title: 'Authentication strategies',
      summary:
        'How long guests stay connected, their rates and quotas, and who is always let in or kept out.',
      sections: [
        {
          heading: 'A strategy',
          blocks: [
            'Authentication management → Strategy is for the primary account.',
            {
              list: [
                'Name: 1-25 letters, digits, Chinese characters, underscores or hyphens, unique.',
                'Validity: 1-7 days or permanent: how long a guest stays authenticated before the portal asks again.',
                'Session length: 0 (up to the validity) or 1-1440 minutes.',
                'Upload and download rates: 0 (no limit) or 1-1000000 kbit/s. Upload and download quotas: 0 (no limit) or 1-1048576 MB. They apply where the gateway supports them.',
                'IP and MAC white lists (never asked to log in) and black lists (never let in): addresses separated by commas, at most 100 per list, no empty entry, no address twice, and no address in both lists.',
              ],
            },
          ],
        },
        {
          heading: 'Messages',
          blocks: [
            {
              list: [
                '“Policy name is empty”, “Policy name already exists”.',
                '“The policy is in use and cannot be deleted”: a portal uses it.',
                '“Policy does not exist”: it was deleted meanwhile.',
              ],
            },
          ],
        },
      ],
    },
    'portal-details': {
      title: 'Authentication details',
      summary:
        'Who authenticated on your devices’ portals, where and how, with their traffic; export them or kick a guest off.',
      sections: [
        {
          heading: 'The list',
          blocks: [
            'Authentication management → Authentication details lists the guests of the devices you may see, newest first: client MAC and IP, device, SSID, method, member account or masked phone, when, until when, traffic received and sent, and whether the guest is online.',
            'Filter by part of a MAC address, by method or by status; Export CSV saves what the filters select.',
          ],
        },
        {
          heading: 'Kick off',
          blocks: [
            'Kick off ends a guest’s session: the gateway disconnects the guest at its next check (about a minute) and the guest meets the portal page again.',
          ],
        },
      ],
    },
    'portal-methods': {
      title: 'Authentication methods',
      summary:
        'Click-through, member accounts and SMS codes: which guests may use, the terms, members and SMS quotas.',
      sections: [
        {
          heading: 'Methods',
          blocks: [
            'Authentication management → Methods is for the primary account. Turn each method on or off and save.',
            {
              list: [
                'Click-through: guests accept the terms of use and connect. Write the terms in English, Chinese or Spanish (at most 2000 characters each); a guest whose language has none reads the first one written.',
                'Member accounts: guests log in with an account and password from the Members tab.',
                'SMS code: guests log in with a six-digit code sent to their phone, valid for five minutes.',
              ],
            },
          ],
        },
        {
          heading: 'SMS quota',
          blocks: [
            {
              list: [
                'Total and remaining: the codes your account may send altogether, and what is left of them. Sent today counts the codes of the day (UTC).',
                'Daily total: 1-1000 codes a day.',
                'Codes per phone number: 1-5 per five minutes, or 1-100 per day; never more than the daily total.',
                'Codes per client a day: 1-3 for one guest device.',
                'A guest over a limit hears that requests are too frequent, or that the limit is reached.',
              ],
            },
          ],
        },
        {
          heading: 'Members',
          blocks: [
            {
              list: [
                'Account: 3-20 letters, digits or underscores, starting with a letter, unique. Password: 6-20 letters and digits. Info: at most 50 characters.',
                'Search by account; switch a member off to keep the account without letting it log in.',
                'Import: an .xls file (Excel 97-2003) of at most 1 MB and 1000 rows, columns account, password, info, the first row a header. One refused row refuses the whole file, and the report lists each refused row and why; correct them and import again.',
                'Export: an .xls of the members in the same columns (passwords are never exported).',
              ],
            },
          ],
        },
      ],
    },
    'accounts-roles': {
      title: 'Account management and roles',
      summary:
        'Child accounts for colleagues, roles that grant sections, functions and projects, and their rules.',
      sections: [
        {
          heading: 'Child accounts',
          blocks: [
            'Account management is for the primary account. The Accounts tab lists child accounts with their status, roles, projects, WeChat and last login; search by account or nickname and filter by status.',
            {
              list: [
                'Add account: account (3-20 letters, digits or underscores, starting with a letter), password (6-20 letters and digits, twice), nickname, e-mail, country code with phone, address, level and at least one role.',
                'Level: Operator uses the sections its roles grant except upgrade and template management; Administrator uses them all.',
                'Enable or disable: a disabled account can no longer log in.',
                'Reset password: a password is generated (generate another, copy it); the account holder is logged out and must use it.',
                'Delete one account or the selected ones: they can no longer log in.',
                'WeChat: bind or unbind the account’s WeChat for notifications.',
              ],
            },
          ],
        },
        {
          heading: 'Roles',
          blocks: [
            'The Roles tab defines what child accounts may do:',
            {
              list: [
                'Role name: 1-10 letters, digits, Chinese characters, underscores or hyphens, unique (“Roles already exist”).',
                'Menu permissions: the sections; Home is always granted.',
                'Device functions: view, bind, edit settings, reboot, upgrade, backup and restore, portal, move between projects, unbind, delete.',
                'Projects (each with its sub-projects) and single devices the role manages.',
                'Guest: only views; a guest cannot operate devices or change projects.',
              ],
            },
            '“Role bound to an account cannot be deleted” and “Bind one role at least”: change the accounts first.',
          ],
        },
      ],
    },
    'personal-center': {
      title: 'Personal center',
      summary: 'Your profile, your password and your WeChat binding.',
      sections: [
        {
          heading: 'Profile',
          blocks: [
            'Your account name and registration date are shown; you can change:',
            {
              list: [
                'Nickname: 1-20 letters, digits, underscores or Chinese characters.',
                'E-mail: a valid address not used by another account (“This mailbox already exists”).',
                'Country code and phone number: 6-25 digits, given together, not used by another account (“The mobile number has been bound”).',
                'Address: at most 100 characters.',
              ],
            },
          ],
        },
        {
          heading: 'Change password',
          blocks: [
            'Enter the current password and the new one twice: 6-20 letters and digits, different from the current one. You are then logged out everywhere else you were signed in. “The current password is incorrect” means the first field is wrong.',
          ],
        },
        {
          heading: 'WeChat',
          blocks: ['Bind WeChat to receive notifications there; see “WeChat binding”.'],
        },
      ],
    },
    wechat: {
      title: 'WeChat binding',
      summary: 'Bind a WeChat account to receive alarm and message notifications in WeChat.',
      sections: [
        {
          heading: 'Binding and unbinding',
          blocks: [
            'In the personal center choose “Bind WeChat”: scan the QR code with WeChat and follow the official account. The code expires after the time shown; open a new one if it has. Once bound, alarms set to “Push by WeChat” reach you there. “Unbind WeChat” stops it. The primary account can also bind and unbind its child accounts’ WeChat in Account management.',
          ],
        },
        {
          heading: 'Messages',
          blocks: [
            {
              list: [
                '“WeChat binding is not configured on this server”: your provider has not set up WeChat.',
                '“WeChat could not be reached, please try again later”.',
                '“This WeChat account is already bound to another account”: unbind it there first.',
              ],
            },
          ],
        },
      ],
    },
  },
}
