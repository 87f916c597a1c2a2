import type { TelemetryMessage } from '@canopy/shared/protocol'
import { CellularModem } from './cellular'
import type { DeviceProfile } from './profiles/catalogue'
import { between, wander } from './random'

/** The measurable state of a virtual device, moved a little at every report. */
export class TelemetryModel {
  private cpu: number
  private mem: number
  private readonly clients: number[]
  /** WAN byte counters since boot */
  private rxBytes = 0
  private txBytes = 0
  /** each radio's byte counters since boot: rx from its clients, tx to them */
  private readonly radioBytes: Array<{ rx: number; tx: number }>
  /** what an average client downloads now, bytes a second (it wanders, as demand does) */
  private perClientDownload: number
  private bootedAt = Date.now()
  private lastReportAt = Date.now()
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
    this.radioBytes = profile.radios.map(() => ({ rx: 0, tx: 0 }))
    this.perClientDownload = between(random, PER_CLIENT_DOWNLOAD)
    this.modem = profile.lte ? new CellularModem(profile.lte, random) : undefined
  }

  /**
   * The device (re)starts: uptime counts from now, interface counters start again from zero, and
   * the clients have to find it again.
   */
  boot(now = Date.now()): void {
    this.bootedAt = now
    this.lastReportAt = now
    this.rxBytes = 0
    this.txBytes = 0
    for (const counters of this.radioBytes) {
      counters.rx = 0
      counters.tx = 0
    }
    this.clients.fill(0)
  }

  /** Clients per band now, for `wifi/users` and the radios section. */
  clientCounts(): number[] {
    return [...this.clients]
  }

  next(channels: number[], now = Date.now()): TelemetryMessage {
    const r = this.random
    const elapsedSeconds = Math.max(0, (now - this.lastReportAt) / 1000)
    this.lastReportAt = now
    this.cpu = wander(r, this.cpu, this.profile.load.cpu, 4)
    this.mem = wander(r, this.mem, this.profile.load.mem, 1.5)
    this.profile.radios.forEach((radio, index) => {
      this.clients[index] = Math.round(wander(r, this.clients[index] ?? 0, [0, radio.maxClients], 3))
    })
    const total = this.clients.reduce((sum, n) => sum + n, 0)
    const lte = this.modem?.next()
    // A 4G router without a working SIM has no uplink: no address, no traffic.
    const uplink = this.modem?.attached ?? true
    if (uplink) this.countTraffic(elapsedSeconds)
    return {
      ts: Math.floor(now / 1000),
      uptime: Math.floor((now - this.bootedAt) / 1000),
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
        rxBytes: this.radioBytes[index]?.rx ?? 0,
        txBytes: this.radioBytes[index]?.tx ?? 0,
      })),
      ...(lte ? { lte } : {}),
    }
  }

  /**
   * The bytes of the last `seconds`: each radio's clients download at the wandering per-client
   * rate and upload a fraction of it; all of it crosses the WAN, plus a little protocol overhead.
   * Counters only grow (until the next boot), in proportion to the time between reports.
   */
  private countTraffic(seconds: number): void {
    const r = this.random
    this.perClientDownload = wander(r, this.perClientDownload, PER_CLIENT_DOWNLOAD, 8_000)
    this.radioBytes.forEach((counters, index) => {
      const download = Math.round(
        (this.clients[index] ?? 0) * this.perClientDownload * seconds * between(r, [0.8, 1.2]),
      )
      const upload = Math.round(download * between(r, UPLOAD_SHARE))
      counters.tx += download
      counters.rx += upload
      this.rxBytes += Math.round(download * WAN_OVERHEAD)
      this.txBytes += Math.round(upload * WAN_OVERHEAD)
    })
  }
}

/** bytes a second an average client downloads: from idle phones to a video call */
const PER_CLIENT_DOWNLOAD: [number, number] = [2_000, 150_000]
/** what clients upload, as a share of what they download */
const UPLOAD_SHARE: [number, number] = [0.1, 0.3]
/** headers and retransmissions the WAN carries beyond the clients' payload */
const WAN_OVERHEAD = 1.03

function round(value: number): number {
  return Math.round(value * 10) / 10
}
