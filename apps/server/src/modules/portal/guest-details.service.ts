import { ErrorCode } from '@canopy/shared/errors'
import { devicePortalCatalogues } from '@canopy/shared/i18n/device-portal'
import type { Language } from '@canopy/shared/i18n/languages'
import {
  type GuestDetail,
  type GuestDetailFilters,
  type GuestMethod,
  type GuestStatus,
  logWindow,
} from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import type { FileReply } from '../../http/file-reply'
import { csvFile, EXPORT_ROWS_MAX } from '../../lib/csv'
import { type PageRequest, pageWindow } from '../../lib/paging'
import type { Principal } from '../auth/principal'
import type { DeviceRow } from '../devices/devices.repository'
import type { DevicesService } from '../devices/devices.service'
import {
  type GuestSessionQuery,
  type GuestSessionRow,
  guestSessionsRepository,
} from './guest-sessions.repository'

/**
 * Authentication details (§2 /auth/detail, no primary-only restriction): the guests who
 * authenticated on the caller's devices — a child sees its scope's devices only — with filters,
 * a CSV export, and the kick-off that ends a guest's session on its gateway.
 */
export class GuestDetailsService {
  constructor(private readonly deps: { db: Database; devices: DevicesService; now?: () => Date }) {}

  async list(principal: Principal, request: GuestDetailFilters & PageRequest) {
    const { total, rows } = await guestSessionsRepository(this.deps.db).page(
      await this.query(principal, request),
      pageWindow(request),
    )
    return { total, list: await this.views(rows) }
  }

  async export(principal: Principal, request: GuestDetailFilters, language: Language): Promise<FileReply> {
    const { rows } = await guestSessionsRepository(this.deps.db).page(await this.query(principal, request), {
      limit: EXPORT_ROWS_MAX,
      offset: 0,
    })
    const words = devicePortalCatalogues[language].guestDetails
    return csvFile(
      'authentication-details',
      [
        words.clientMac,
        words.clientIp,
        words.device,
        words.ssid,
        words.method,
        words.account,
        words.status,
        words.time,
        words.expires,
        words.incoming,
        words.outgoing,
      ],
      (await this.views(rows)).map((row) => [
        row.client_mac,
        row.client_ip,
        `${row.device_name} (${row.device_mac})`,
        row.target,
        words.methods[row.method],
        row.account,
        words.statuses[row.status],
        row.authenticated_at ?? row.created_at,
        row.expires_at,
        row.incoming_bytes,
        row.outgoing_bytes,
      ]),
    )
  }

  /** Ends a guest's session: its gateway's next counters answer `Auth: 0`, and it meets the page again. */
  async kick(principal: Principal, id: number): Promise<null> {
    const sessions = guestSessionsRepository(this.deps.db)
    const session = await sessions.findInTenant(principal.account.tenantId, id)
    if (!session) throw new AppError(ErrorCode.NO_PERMISSION)
    // the device must be in the caller's scope (600400143 otherwise)
    await this.deps.devices.requireDevices(principal, [session.deviceId])
    await sessions.kick(session, this.deps.now?.() ?? new Date())
    return null
  }

  private async query(principal: Principal, filters: GuestDetailFilters): Promise<GuestSessionQuery> {
    const scope = await this.deps.devices.recordScope(principal)
    const { from, to } = logWindow(filters)
    return {
      tenantId: scope.tenantId,
      deviceIds: scope.deviceIds,
      deviceId: filters.device_id,
      macDigits: filters.mac?.replace(/[:.-]/g, '').toUpperCase() || undefined,
      method: filters.method,
      status: filters.status,
      from,
      to,
    }
  }

  private async views(rows: GuestSessionRow[]): Promise<GuestDetail[]> {
    const devices = new Map<number, DeviceRow | undefined>()
    for (const deviceId of new Set(rows.map((row) => row.deviceId)))
      devices.set(deviceId, await this.deps.devices.findById(deviceId))
    return rows.map((row) => {
      const device = devices.get(row.deviceId)
      return {
        id: row.id,
        client_mac: row.clientMac,
        client_ip: row.clientIp,
        device_id: row.deviceId,
        device_name: device?.name || device?.mac || '',
        device_mac: device?.mac ?? '',
        target: row.target,
        method: row.method as GuestMethod,
        account: row.account,
        status: row.status as GuestStatus,
        created_at: row.createdAt.toISOString(),
        authenticated_at: row.authenticatedAt?.toISOString() ?? null,
        expires_at: row.expiresAt?.toISOString() ?? null,
        ended_at: row.endedAt?.toISOString() ?? null,
        end_reason: row.endReason,
        incoming_bytes: Number(row.incomingBytes),
        outgoing_bytes: Number(row.outgoingBytes),
      }
    })
  }
}
