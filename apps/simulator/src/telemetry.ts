import type { TelemetryMessage } from '@canopy/shared/protocol'
import { CellularModem } from './cellular'
import type { DeviceProfile } from './profiles/catalogue'
import { between, wander } from './random'

/** The measurable state of a virtual device, moved a little at every report. */
export class TelemetryModel {
  private cpu: number
  private mem: number
  private readonly clients: number[]
  private rxBytes = 0
  private txBytes = 0
  private bootedAt = Date.now()
  private readonly modem: CellularModem | undefined

  constructor(
    private readonly profile: DeviceProfile,
    private readonly random: () => number,
    private readonly lanIp: string,
    private readonly wanIp: string,
  ) {
    this.cpu = between(random, profile.load.cpu)
    this.mem = between(random, profile.load.mem)
    this.clients = profile.radios.map((radio) => Math.round(random() * radio.maxClients * 0.3))
    this.modem = profile.lte ? new CellularModem(profile.lte, random) : undefined
  }

  /**
   * The device (re)starts: uptime counts from now, interface counters start again from zero, and
   * the clients have to find it again.
   */
  boot(): void {
    this.bootedAt = Date.now()
    this.rxBytes = 0
    this.txBytes = 0
    this.clients.fill(0)
  }

  /** Clients per band now, for `wifi/users` and the radios section. */
  clientCounts(): number[] {
    return [...this.clients]
  }

  next(channels: number[]): TelemetryMessage {
    const r = this.random
    this.cpu = wander(r, this.cpu, this.profile.load.cpu, 4)
    this.mem = wander(r, this.mem, this.profile.load.mem, 1.5)
    this.profile.radios.forEach((radio, index) => {
      this.clients[index] = Math.round(wander(r, this.clients[index] ?? 0, [0, radio.maxClients], 3))
    })
    const total = this.clients.reduce((sum, n) => sum + n, 0)
    const lte = this.modem?.next()
    // A 4G router without a working SIM has no uplink: no address, no traffic.
    const uplink = this.modem?.attached ?? true
    if (uplink) {
      this.rxBytes += Math.round(total * between(r, [20_000, 400_000]))
      this.txBytes += Math.round(total * between(r, [5_000, 100_000]))
    }
    return {
      ts: Math.floor(Date.now() / 1000),
      uptime: Math.floor((Date.now() - this.bootedAt) / 1000),
      cpu: round(this.cpu),
      mem: round(this.mem),
      clients: total,
      wan: {
        ...(uplink
          ? {
              ip: this.wanIp,
              mask: '255.255.255.0',
              gateway: this.wanIp.replace(/\.\d+$/, '.1'),
              dns: ['223.5.5.5', '8.8.8.8'],
            }
          : {}),
        type: this.profile.lte ? 'mobile' : 'dhcp',
        rxBytes: this.rxBytes,
        txBytes: this.txBytes,
      },
      lan: { ip: this.lanIp, mask: '255.255.255.0' },
      radios: this.profile.radios.map((radio, index) => ({
        band: radio.band,
        channel: channels[index] ?? radio.channels[0],
        clients: this.clients[index] ?? 0,
        txPower: 100,
        utilization: round(
          Math.min(95, ((this.clients[index] ?? 0) / radio.maxClients) * 80 + between(r, [2, 12])),
        ),
      })),
      ...(lte ? { lte } : {}),
    }
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}
