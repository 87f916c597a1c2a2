import { ErrorCode } from '@canopy/shared/errors'
import { type RpcClient, RpcRefused, RpcTimeout } from '../../gateway/rpc'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import { REMOTE_LINK_SECONDS, type RemoteClaims, type TokenService } from '../auth/tokens'
import type { DevicesService } from '../devices/devices.service'
import type { OperationLog } from '../operations/operation-log'

export interface TunnelledRequest {
  method: string
  path: string
  query: string
  contentType: string | undefined
  body: Buffer | undefined
}

export interface TunnelledResponse {
  status: number
  contentType: string
  body: Buffer
}

/**
 * A page comes back in chunks of this many bytes, each in one MQTT message: 64 KB is 87 KB in
 * base64, well inside the broker's 128 KB packet limit (docs/protocol.md, "Limits and refusals").
 */
export const TUNNEL_CHUNK_BYTES = 64 * 1024
/** The largest page a device may send back through the tunnel, all chunks together. */
const MAX_BODY = 4 * 1024 * 1024

interface WebChunk {
  body?: string
  /** the cursor of the next chunk, while there is one */
  next?: string
}

/**
 * The remote management link (§2 /manager1, /manager2): a signed, ten-minute link to a device's
 * own management page (web) or its diagnostics (diag), carried over the device's MQTT session as
 * commands — no port on the device is opened to anyone (docs/decisions.md).
 */
export class RemoteService {
  constructor(
    private readonly deps: {
      devices: DevicesService
      tokens: TokenService
      rpc: () => RpcClient
      log: OperationLog
    },
  ) {}

  async openLink(principal: Principal, id: number, service: 'web' | 'diag') {
    const [device] = await this.deps.devices.requireDevices(principal, [id])
    if (device!.status !== 'online') throw new AppError(ErrorCode.DEVICE_OFFLINE)
    const token = this.deps.tokens.issueRemoteToken({
      sub: device!.id,
      tenant: principal.account.tenantId,
      service,
    })
    await this.deps.log.record(
      principal,
      `device.remote.${service}`,
      [{ id: device!.id, mac: device!.mac }],
      {},
      { channel: 'rpc', status: 'SUCCEEDED' },
    )
    return {
      url: `/${service === 'web' ? 'manager1' : 'manager2'}?token=${encodeURIComponent(token)}`,
      token,
      expires_in: REMOTE_LINK_SECONDS,
    }
  }

  /** Describes the link's device (for the page around the tunnel). */
  async describe(token: string) {
    const { device } = await this.open(token)
    return { mac: device.mac, name: device.name, firmware: device.firmware, status: device.status }
  }

  /** One HTTP request to the device's management page, through its MQTT session. */
  async forward(token: string, request: TunnelledRequest): Promise<TunnelledResponse> {
    const { device } = await this.open(token, 'web')
    const answer = (await this.call(device.thingName, 'http.request', {
      method: request.method,
      path: request.path,
      query: request.query,
      contentType: request.contentType,
      body: request.body?.toString('base64'),
      chunkBytes: TUNNEL_CHUNK_BYTES,
    })) as WebChunk & { status?: number; contentType?: string }
    return {
      status: answer.status ?? 502,
      contentType: answer.contentType ?? 'text/plain; charset=utf-8',
      body: await this.readChunks(device.thingName, answer),
    }
  }

  /** The whole body of a web answer: its first chunk, then each next one the device holds. */
  private async readChunks(thing: string, first: WebChunk): Promise<Buffer> {
    const parts: Buffer[] = []
    let size = 0
    for (let chunk = first; ; ) {
      const part = Buffer.from(typeof chunk.body === 'string' ? chunk.body : '', 'base64')
      size += part.length
      if (size > MAX_BODY) throw new AppError(ErrorCode.BAD_REQUEST)
      parts.push(part)
      if (typeof chunk.next !== 'string') return Buffer.concat(parts)
      chunk = (await this.call(thing, 'http.next', { cursor: chunk.next })) as WebChunk
    }
  }

  /** A diagnostic on the device (ping, traceroute, interfaces), its output line by line. */
  async diagnose(token: string, tool: string, host: string | undefined) {
    const { device } = await this.open(token, 'diag')
    const answer = (await this.call(device.thingName, 'diag.run', { tool, host }, 30_000)) as {
      output?: unknown
    }
    return { output: Array.isArray(answer.output) ? answer.output.map(String) : [] }
  }

  private async open(token: string, service?: RemoteClaims['service']) {
    const claims = this.deps.tokens.readRemoteToken(token)
    if (service && claims.service !== service) throw new AppError(ErrorCode.LINK_INVALID)
    const device = await this.deps.devices.findById(claims.sub)
    // A device unbound or moved to another tenant since: the link no longer leads anywhere.
    if (!device || device.tenantId !== claims.tenant) throw new AppError(ErrorCode.LINK_INVALID)
    if (device.status !== 'online') throw new AppError(ErrorCode.DEVICE_OFFLINE)
    return { claims, device }
  }

  private async call(thing: string, method: string, params: unknown, timeoutMs = 15_000) {
    try {
      return await this.deps.rpc().call(thing, method, params, timeoutMs)
    } catch (error) {
      if (error instanceof RpcTimeout) throw new AppError(ErrorCode.DEVICE_NOT_ANSWERING)
      if (error instanceof RpcRefused) throw new AppError(ErrorCode.UNSUPPORTED_FEATURE)
      throw error
    }
  }
}
