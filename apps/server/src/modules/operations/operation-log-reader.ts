import { catalogues, type Language } from '@canopy/shared/i18n'
import { type LogFilters, logWindow, type OperationResult } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import type { FileReply } from '../../http/file-reply'
import { csvFile, EXPORT_ROWS_MAX } from '../../lib/csv'
import { type PageRequest, pageWindow } from '../../lib/paging'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import { type OperationSummary, operationsRepository } from './operations.repository'

/** devices named per operation in the list and the export (the count says how many in all) */
const DEVICES_SHOWN = 20

export interface OperationLogFilters extends LogFilters {
  action?: string
  result?: OperationResult
}

/**
 * The operation log (§2 /maintain/log, operation tab): a view of the operations and their
 * executions, newest first, filtered by date (log-filters.ts), action and result. Scoped like the
 * devices: a child sees the operations on devices in its scope now, with those devices alone
 * counted, and the result over them (as a batch's progress shows it: operation-progress.ts).
 */
export class OperationLogReader {
  constructor(private readonly deps: { db: Database; devices: DevicesService }) {}

  async list(principal: Principal, request: OperationLogFilters & PageRequest) {
    return this.read(principal, request, pageWindow(request))
  }

  /** The log as CSV (UTF-8 with a BOM, the caller's language for the header and results). */
  async export(principal: Principal, request: OperationLogFilters, language: Language): Promise<FileReply> {
    const { list } = await this.read(principal, request, { limit: EXPORT_ROWS_MAX, offset: 0 })
    const words = catalogues[language].logExport
    return csvFile(
      'operation-log',
      [words.time, words.account, words.action, words.deviceCount, words.devices, words.detail, words.result],
      list.map((entry) => [
        entry.created_at,
        entry.account ?? words.system,
        entry.action,
        entry.device_count,
        entry.devices.map((device) => device.mac).join(' '),
        entry.detail,
        words.results[entry.result],
      ]),
    )
  }

  private async read(
    principal: Principal,
    filters: OperationLogFilters,
    { limit, offset }: { limit: number; offset: number },
  ) {
    const visibility = await this.deps.devices.recordScope(principal)
    const operations = operationsRepository(this.deps.db)
    const { total, list } = await operations.list({
      visibility,
      ...logWindow(filters),
      ...(filters.action ? { action: filters.action } : {}),
      ...(filters.result ? { result: filters.result } : {}),
      limit,
      offset,
    })
    const devices = await operations.devicesOf(
      visibility,
      list.map((operation) => operation.id),
      DEVICES_SHOWN,
    )
    return { total, list: list.map((operation) => entryOf(operation, devices.get(operation.id) ?? [])) }
  }
}

function entryOf(operation: OperationSummary, devices: Array<{ id: number; mac: string }>) {
  return {
    id: operation.id,
    created_at: operation.createdAt.toISOString(),
    account: operation.accountName,
    action: operation.action,
    device_count: operation.deviceCount,
    devices,
    /** what changed, as compact JSON (old → new for settings: `before` and `after`); null when nothing */
    detail: Object.keys(operation.detail).length > 0 ? JSON.stringify(operation.detail) : null,
    result: operation.result,
  }
}
