import { boundSpare, type RouteProbe } from '../../../test/probes'

export const radio2g = {
  enabled: true,
  ssid: 'Probe-2G',
  hidden: false,
  channel: 6,
  bandwidth: '20',
  encryption: 'wpa2-psk',
  password: 'probe-pass-1',
  power: 100,
  beacon: 100,
  fragmentation: 2346,
  rts: 2347,
  shortGi: true,
  maxUsers: 32,
  isolation: false,
}

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/device/setsystem',
    about: 'tenant A',
    request: ({ world }) => ({
      body: { id: world.a.devices.inP1, remark: 'probe', settings: { led: false } },
    }),
  },
  {
    route: 'POST /backend/device/setnetwork',
    about: 'tenant A',
    request: ({ world }) => ({
      body: {
        id: world.a.devices.inP1,
        settings: {
          lan: {
            ip: '192.168.77.1',
            mask: '255.255.255.0',
            dhcp: { enabled: true, start: '192.168.77.100', end: '192.168.77.150' },
          },
        },
      },
    }),
  },
  {
    route: 'POST /backend/device/setwifi',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, settings: { '2g': radio2g } } }),
  },
  {
    route: 'POST /backend/device/setwifis',
    about: 'tenant A',
    request: ({ world }) => ({
      body: { ids: [world.a.devices.inP1], settings: { '2g': { ...radio2g, ssid: 'Probe-Batch' } } },
    }),
  },
  {
    route: 'POST /backend/device/setrepeater',
    about: 'tenant A',
    // spare[1] is a repeater (CRP-300) and unbound again after the unbind probe.
    request: async (context) => ({
      body: {
        id: (await boundSpare(context, 1)).id,
        settings: {
          enabled: true,
          uplink: { ssid: 'Upstream', band: '2g', encryption: 'wpa2-psk', password: 'uplink-pass' },
        },
      },
    }),
  },
  {
    route: 'POST /backend/device/timerestart',
    about: 'tenant A',
    request: ({ world }) => ({
      body: { ids: [world.a.devices.inP1], timedReboot: { enabled: true, days: [0, 3], time: '04:30' } },
    }),
  },
  {
    route: 'POST /backend/device/setleds',
    about: 'tenant A',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP1], led: true } }),
  },
  {
    route: 'POST /backend/device/settings',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/settings/retry',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, section: 'system' } }),
  },
  {
    route: 'POST /backend/device/settings/revert',
    about: 'tenant A',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, section: 'system' } }),
  },
]
