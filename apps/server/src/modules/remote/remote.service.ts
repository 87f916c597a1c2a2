import { ErrorCode } from '@canopy/shared/errors'
import type { Database } from '../../db/client'
import { type RpcClient, RpcRefused, RpcTimeout } from '../../gateway/rpc'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import { REMOTE_LINK_SECONDS, type RemoteClaims, type TokenService } from '../auth/tokens'
import { devicesRepository } from '../devices/devices.repository'
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

/** The largest page a device may send back through the tunnel (it travels in one MQTT message). */
const MAX_BODY = 256 * 1024

/**
 * The remote management link (§2 /manager1, /manager2): a signed, ten-minute link to a device's
 * own management page (web) or its diagnostics (diag), carried over the device's MQTT session as
 * commands — no port on the device is opened to anyone (docs/decisions.md).
 */
export class RemoteService {
  constructor(
    private readonly deps: {
      db: Database
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
      'success',
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
    })) as { status?: number; contentType?: string; body?: string }
    const body = Buffer.from(answer.body ?? '', 'base64')
    if (body.length > MAX_BODY) throw new AppError(ErrorCode.BAD_REQUEST)
    return {
      status: answer.status ?? 502,
      contentType: answer.contentType ?? 'text/plain; charset=utf-8',
      body,
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
    const device = await devicesRepository(this.deps.db).findById(claims.sub)
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
