import { catalogues, type Language } from '@canopy/shared/i18n'
import { type LogFilters, logWindow } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import type { FileReply } from '../../http/file-reply'
import { csvFile, EXPORT_ROWS_MAX } from '../../lib/csv'
import { type PageRequest, pageWindow } from '../../lib/paging'
import { deviceVisibility } from '../access/device-scope'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import { upgradesRepository } from './upgrades.repository'

export interface UpgradeLogFilters extends LogFilters {
  model?: string
  result?: string
}

/**
 * The upgrade log (§2 /maintain/log, upgrade tab): every order's device results, newest first,
 * filtered by date (log-filters.ts), model and result, scoped to the devices the caller sees.
 */
export class UpgradeLogReader {
  constructor(private readonly deps: { db: Database; devices: DevicesService }) {}

  async list(principal: Principal, request: UpgradeLogFilters & PageRequest) {
    return this.read(principal, request, pageWindow(request))
  }

  /** The log as CSV (UTF-8 with a BOM; the caller's language for the header, results and reasons). */
  async export(principal: Principal, request: UpgradeLogFilters, language: Language): Promise<FileReply> {
    const { list } = await this.read(principal, request, { limit: EXPORT_ROWS_MAX, offset: 0 })
    const words = catalogues[language].upgradeLogExport
    const reasons = words.reasons as Record<string, string>
    return csvFile(
      'upgrade-log',
      [
        words.orderNo,
        words.mac,
        words.model,
        words.fromVersion,
        words.toVersion,
        words.result,
        words.reason,
        words.startedAt,
        words.finishedAt,
        words.account,
      ],
      list.map((entry) => [
        entry.order_no,
        entry.mac,
        entry.model,
        entry.from_version,
        entry.to_version,
        words.results[entry.result],
        entry.reason === null ? '' : (reasons[entry.reason] ?? entry.reason),
        entry.started_at,
        entry.finished_at,
        entry.account ?? words.system,
      ]),
    )
  }

  private async read(
    principal: Principal,
    filters: UpgradeLogFilters,
    { limit, offset }: { limit: number; offset: number },
  ) {
    const visibility = deviceVisibility(principal, await this.deps.devices.scope(principal))
    const rows = await upgradesRepository(this.deps.db).log(
      {
        visibility,
        ...logWindow(filters),
        ...(filters.model ? { model: filters.model } : {}),
        limit,
        offset,
      },
      filters.result,
    )
    return {
      total: rows[0]?.total ?? 0,
      list: rows.map((row) => ({
        order_id: row.orderId,
        order_no: row.orderNo,
        device_id: row.deviceId,
        mac: row.mac,
        model: row.model,
        from_version: row.fromVersion,
        to_version: row.targetVersion,
        result: (row.outcome ?? (row.wave === null ? 'waiting' : 'upgrading')) as
          | 'waiting'
          | 'upgrading'
          | 'success'
          | 'failed',
        reason: row.reason,
        started_at: row.releasedAt?.toISOString() ?? null,
        finished_at: row.finishedAt?.toISOString() ?? null,
        account: row.createdByName,
      })),
    }
  }
}
