import type { DeviceLog } from './device-log'
import type { DeviceProfile } from './profiles/catalogue'
import { between, pick } from './random'

export interface ConnectedClient {
  mac: string
  ip: string
  hostname: string
  ssid: string
  band: '2g' | '5g'
  /** dBm */
  signal: number
  rxBytes: number
  txBytes: number
  connectedAt: number
}

const HOSTNAMES = [
  'iPhone',
  'Galaxy-S24',
  'MacBook-Pro',
  'ThinkPad',
  'Pixel-8',
  'iPad',
  'Xiaomi-14',
  'HUAWEI-P60',
  'Echo-Dot',
  'Printer',
]

/**
 * The clients of a virtual device: they associate and leave as the counts in its telemetry
 * wander, each with its own MAC, address, signal and traffic.
 */
export class ClientRoster {
  private readonly byBand = new Map<'2g' | '5g', ConnectedClient[]>()
  private nextHost = 100

  constructor(
    private readonly profile: DeviceProfile,
    private readonly random: () => number,
    private readonly lanPrefix: string,
    private readonly log: DeviceLog,
  ) {}

  /** Brings each band to its count: new clients associate, others leave. */
  reconcile(counts: number[], ssids: Record<string, string>): void {
    this.profile.radios.forEach((radio, index) => {
      const list = this.byBand.get(radio.band) ?? []
      const wanted = counts[index] ?? 0
      while (list.length > wanted) {
        const gone = list.splice(Math.floor(this.random() * list.length), 1)[0]!
        this.log.write('hostapd', `${radio.band}: STA ${gone.mac} disassociated`)
      }
      while (list.length < wanted) {
        const client = this.newClient(radio.band, ssids[radio.band] ?? `Canopy-${radio.band}`)
        list.push(client)
        this.log.write('hostapd', `${radio.band}: STA ${client.mac} associated`)
        this.log.write('dnsmasq-dhcp', `DHCPACK ${client.ip} ${client.mac} ${client.hostname}`)
      }
      for (const client of list) {
        client.rxBytes += Math.round(between(this.random, [1_000, 400_000]))
        client.txBytes += Math.round(between(this.random, [500, 100_000]))
        client.signal = Math.round(Math.min(-30, Math.max(-90, client.signal + (this.random() - 0.5) * 6)))
      }
      this.byBand.set(radio.band, list)
    })
  }

  list(): Array<Omit<ConnectedClient, 'connectedAt'> & { onlineSeconds: number }> {
    const now = Date.now()
    return [...this.byBand.values()].flat().map(({ connectedAt, ...client }) => ({
      ...client,
      onlineSeconds: Math.floor((now - connectedAt) / 1000),
    }))
  }

  private newClient(band: '2g' | '5g', ssid: string): ConnectedClient {
    const bytes = Array.from({ length: 6 }, () => Math.floor(this.random() * 256))
    bytes[0] = (bytes[0]! & 0xfc) | 0x02
    this.nextHost = this.nextHost >= 199 ? 100 : this.nextHost + 1
    return {
      mac: bytes.map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':'),
      ip: `${this.lanPrefix}.${this.nextHost}`,
      hostname: pick(this.random, HOSTNAMES),
      ssid,
      band,
      signal: Math.round(between(this.random, [-80, -40])),
      rxBytes: 0,
      txBytes: 0,
      connectedAt: Date.now(),
    }
  }
}
