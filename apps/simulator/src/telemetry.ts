import type { TelemetryMessage } from '@canopy/shared/protocol'
import type { DeviceProfile } from './profiles/catalogue'
import { between, wander } from './random'

/** The measurable state of a virtual device, moved a little at every report. */
export class TelemetryModel {
  private cpu: number
  private mem: number
  private readonly clients: number[]
  private rxBytes = 0
  private txBytes = 0
  private readonly bootedAt = Date.now()
  private signal: number
  private readonly imsi: string
  private readonly iccid: string

  constructor(
    private readonly profile: DeviceProfile,
    private readonly random: () => number,
    private readonly lanIp: string,
    private readonly wanIp: string,
  ) {
    this.cpu = between(random, profile.load.cpu)
    this.mem = between(random, profile.load.mem)
    this.clients = profile.radios.map((radio) => Math.round(random() * radio.maxClients * 0.3))
    this.signal = between(random, [-105, -65])
    this.imsi = `46000${String(Math.floor(random() * 1e10)).padStart(10, '0')}`
    this.iccid = `8986${String(Math.floor(random() * 1e15)).padStart(16, '0')}`
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
    this.rxBytes += Math.round(total * between(r, [20_000, 400_000]))
    this.txBytes += Math.round(total * between(r, [5_000, 100_000]))
    this.signal = wander(r, this.signal, [-115, -55], 2)
    return {
      ts: Math.floor(Date.now() / 1000),
      uptime: Math.floor((Date.now() - this.bootedAt) / 1000),
      cpu: round(this.cpu),
      mem: round(this.mem),
      clients: total,
      wan: {
        ip: this.wanIp,
        mask: '255.255.255.0',
        gateway: this.wanIp.replace(/\.\d+$/, '.1'),
        dns: ['223.5.5.5', '8.8.8.8'],
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
      ...(this.profile.lte
        ? {
            lte: {
              sim: 'ready' as const,
              imsi: this.imsi,
              iccid: this.iccid,
              module: this.profile.lte.module,
              moduleVersion: this.profile.lte.moduleVersion,
              signal: Math.round(this.signal),
              operator: this.profile.lte.operator,
            },
          }
        : {}),
    }
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}
