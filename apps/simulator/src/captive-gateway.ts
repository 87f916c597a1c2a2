import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isJsonObject } from '@canopy/shared/protocol'
import type { DeviceLog } from './device-log'

/** What the device's shadow `portal` section says (docs/protocol.md, "Portal"). */
interface PortalSection {
  authServer: string
  gatewayId: string
  /** the first SSID with the portal on: the one this gateway serves */
  ssid: string
  offline: 'open' | 'closed'
}

export interface CaptiveGatewayTimings {
  /** seconds between the counters stage of each client (wifidog's CheckInterval) */
  checkIntervalSeconds: number
  /** seconds between pings of the auth server */
  pingIntervalSeconds: number
}

/** Pings that fail in a row before the gateway counts the cloud unreachable. */
const PINGS_LOST = 3

function portalOf(section: unknown): PortalSection | undefined {
  if (
    !isJsonObject(section) ||
    typeof section.authServer !== 'string' ||
    typeof section.gatewayId !== 'string'
  )
    return undefined
  const ssids = isJsonObject(section.ssids) ? section.ssids : {}
  for (const [ssid, setting] of Object.entries(ssids).sort(([a], [b]) => a.localeCompare(b))) {
    if (isJsonObject(setting) && setting.enabled === true)
      return {
        authServer: section.authServer,
        gatewayId: section.gatewayId,
        ssid,
        offline: setting.offline === 'closed' ? 'closed' : 'open',
      }
  }
  return undefined
}

/**
 * A virtual AP's captive portal, as a wifidog gateway runs one (WiFiDog v1, docs/protocol.md
 * "Guests"): an HTTP listener standing for the AP's network. A client not let in yet is sent to
 * the cloud's `login/`; the token it brings back to `/wifidog/auth` is checked with the `auth`
 * login stage; let in, it reaches "the internet" until a `counters` answer is `Auth: 0`. Without
 * the cloud (three lost pings) new clients are let in or kept out by the SSID's offline policy.
 * A client is known by its address (a real gateway knows its MAC from ARP): the simulated MAC is
 * 02:CC and the IPv4's four bytes, or the `x-client-mac` header a test sends.
 */
export class CaptiveGateway {
  private server: Server | undefined
  private portal: PortalSection | undefined
  private readonly allowed = new Map<string, { token: string; ip: string; incoming: number }>()
  private timers: NodeJS.Timeout[] = []
  private lostPings = 0

  constructor(private readonly options: { log: DeviceLog; timings: CaptiveGatewayTimings; port?: number }) {}

  /** The address guests browse to, while a portal is on. */
  get url(): string | undefined {
    const address = this.server?.address() as AddressInfo | null | undefined
    return address ? `http://127.0.0.1:${address.port}/` : undefined
  }

  /** Whether the cloud is out of reach (its pings lost). */
  get cloudUnreachable(): boolean {
    return this.lostPings >= PINGS_LOST
  }

  /** Follows the device's `portal` section: listens while an SSID has the portal on. */
  async configure(section: unknown): Promise<void> {
    this.portal = portalOf(section)
    if (!this.portal) return this.close()
    if (this.server) return
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        this.options.log.write('wifidog', `request failed: ${String(error)}`)
        if (!response.headersSent) response.writeHead(502).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(this.options.port ?? 0, '127.0.0.1', resolve))
    this.server = server
    const { checkIntervalSeconds, pingIntervalSeconds } = this.options.timings
    this.timers = [
      setInterval(() => void this.checkClients(), checkIntervalSeconds * 1000),
      setInterval(() => void this.ping(), pingIntervalSeconds * 1000),
    ]
    this.options.log.write('wifidog', `captive portal on ${this.portal.ssid} at ${this.url}`)
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer)
    this.timers = []
    this.allowed.clear()
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private clientOf(request: IncomingMessage): { mac: string; ip: string } {
    const ip = (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '')
    const header = request.headers['x-client-mac']
    if (typeof header === 'string' && /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/.test(header))
      return { mac: header.toUpperCase(), ip }
    const bytes = ip.split('.').map((part) => Number(part) || 0)
    const hex = [0x02, 0xcc, ...bytes].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase())
    return { mac: hex.join(':'), ip }
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const portal = this.portal
    if (!portal) return void response.writeHead(503).end()
    const url = new URL(request.url ?? '/', 'http://gateway')
    const client = this.clientOf(request)
    if (url.pathname === '/wifidog/auth') {
      const token = url.searchParams.get('token') ?? ''
      const answer = await this.ask('auth/', {
        stage: 'login',
        ip: client.ip,
        mac: client.mac,
        token,
        incoming: '0',
        outgoing: '0',
      })
      if (answer === 1) {
        this.allowed.set(client.mac, { token, ip: client.ip, incoming: 0 })
        return this.redirect(response, this.cloudUrl('portal/', {}))
      }
      return this.redirect(response, this.loginUrl(client, '/'))
    }
    const known = this.allowed.get(client.mac)
    if (known) {
      known.incoming += 512
      return void response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>Internet</title><p>The internet, through ${portal.ssid}.</p>`)
    }
    if (this.cloudUnreachable) {
      if (portal.offline === 'open') {
        this.allowed.set(client.mac, { token: '', ip: client.ip, incoming: 0 })
        return this.redirect(response, url.pathname)
      }
      return void response
        .writeHead(503, { 'content-type': 'text/plain' })
        .end('The network is not available.')
    }
    return this.redirect(
      response,
      this.loginUrl(client, `http://${request.headers.host ?? 'gateway'}${url.pathname}`),
    )
  }

  private redirect(response: ServerResponse, location: string): void {
    response.writeHead(302, { location, 'cache-control': 'no-store' }).end()
  }

  private loginUrl(client: { mac: string; ip: string }, requested: string): string {
    const address = this.server?.address() as AddressInfo
    return this.cloudUrl('login/', {
      gw_address: '127.0.0.1',
      gw_port: String(address.port),
      ip: client.ip,
      mac: client.mac.toLowerCase(),
      url: requested,
    })
  }

  private cloudUrl(path: string, query: Record<string, string>): string {
    const portal = this.portal!
    const params = new URLSearchParams({ ...query, gw_id: portal.gatewayId, ssid: portal.ssid })
    return `${portal.authServer}${path}?${params}`
  }

  /** A WiFiDog request to the cloud: its `Auth: n` answer, or undefined when the cloud did not answer. */
  private async ask(path: string, query: Record<string, string>): Promise<number | undefined> {
    try {
      const response = await fetch(this.cloudUrl(path, query), { signal: AbortSignal.timeout(5000) })
      const text = await response.text()
      const match = /Auth:\s*(-?\d+)/.exec(text)
      return match ? Number(match[1]) : undefined
    } catch (error) {
      this.options.log.write('wifidog', `auth server unreachable: ${String(error)}`)
      return undefined
    }
  }

  /** The counters stage for every client let in: a client answered 0 must log in again. */
  private async checkClients(): Promise<void> {
    for (const [mac, client] of this.allowed) {
      if (!client.token) continue
      const answer = await this.ask('auth/', {
        stage: 'counters',
        ip: client.ip,
        mac: mac.toLowerCase(),
        token: client.token,
        incoming: String(client.incoming),
        outgoing: String(Math.floor(client.incoming / 4)),
      })
      if (answer === 0) {
        this.allowed.delete(mac)
        this.options.log.write('wifidog', `${mac} logged out by the auth server`)
      }
    }
  }

  private async ping(): Promise<void> {
    try {
      const response = await fetch(
        this.cloudUrl('ping/', { sys_uptime: String(Math.floor(process.uptime())) }),
        {
          signal: AbortSignal.timeout(5000),
        },
      )
      this.lostPings = (await response.text()).trim() === 'Pong' ? 0 : this.lostPings + 1
    } catch {
      this.lostPings += 1
      this.options.log.write('wifidog', `ping lost (${this.lostPings} in a row)`)
    }
  }
}
