import { simulatedPassword } from '@canopy/simulator'
import type { ProbeContext, RouteProbe } from '../../../test/probes'

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

/** A spare device of the world bound by the owner: each probe that changes a device takes its own. */
async function boundSpare({ world, ownerCall }: ProbeContext, index: number) {
  const device = world.spare[index]!
  const body = {
    mac: device.mac,
    username: 'admin',
    password: simulatedPassword(device.mac),
    gid: String(world.a.p1),
  }
  return (await ownerCall<{ id: number }>('POST', '/backend/device/bind', { body })).id
}

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/device/setsystem',
    request: ({ world }) => ({
      body: { id: world.a.devices.inP1, remark: 'probe', settings: { led: false } },
    }),
  },
  {
    route: 'POST /backend/device/setnetwork',
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
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, settings: { '2g': radio2g } } }),
  },
  {
    route: 'POST /backend/device/setwifis',
    request: ({ world }) => ({
      body: { ids: [world.a.devices.inP1], settings: { '2g': { ...radio2g, ssid: 'Probe-Batch' } } },
    }),
  },
  {
    route: 'POST /backend/device/setrepeater',
    // spare[1] is a repeater (CRP-300) and unbound again after the unbind probe.
    request: async (context) => ({
      body: {
        id: await boundSpare(context, 1),
        settings: {
          enabled: true,
          uplink: { ssid: 'Upstream', band: '2g', encryption: 'wpa2-psk', password: 'uplink-pass' },
        },
      },
    }),
  },
  {
    route: 'POST /backend/device/timerestart',
    request: ({ world }) => ({
      body: { ids: [world.a.devices.inP1], timedReboot: { enabled: true, days: [0, 3], time: '04:30' } },
    }),
  },
  {
    route: 'POST /backend/device/setleds',
    request: ({ world }) => ({ body: { ids: [world.a.devices.inP1], led: true } }),
  },
  {
    route: 'POST /backend/device/settings',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1 } }),
  },
  {
    route: 'POST /backend/device/settings/retry',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, section: 'system' } }),
  },
  {
    route: 'POST /backend/device/settings/revert',
    request: ({ world }) => ({ body: { id: world.a.devices.inP1, section: 'system' } }),
  },
]

export { boundSpare }
