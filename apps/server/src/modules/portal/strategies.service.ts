import { ErrorCode } from '@canopy/shared/errors'
import type { PortalStrategy, StrategyAddRequest, StrategySaveRequest } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { violatedForeignKey, violatedUniqueConstraint } from '../../db/errors'
import { AppError } from '../../http/app-error'
import type { PageRequest } from '../../lib/paging'
import type { Principal } from '../auth/principal'
import { type StrategyRow, type StrategyValues, strategiesRepository } from './strategies.repository'

/**
 * Authentication strategies (§3, /auth/strategy): the tenant's primary account manages them (the
 * routes say so). Another tenant's strategy is 600400143; an id no tenant has is "policy does not
 * exist" (docs/decisions.md, "Portal strategies").
 */
export class StrategiesService {
  constructor(private readonly deps: { db: Database }) {}

  async list(principal: Principal, request: PageRequest): Promise<{ total: number; list: PortalStrategy[] }> {
    const { total, rows } = await strategiesRepository(this.deps.db).page(principal.account.tenantId, request)
    return { total, list: rows.map(toView) }
  }

  async info(principal: Principal, id: number): Promise<PortalStrategy> {
    return toView(await this.own(principal.account.tenantId, id))
  }

  async add(principal: Principal, request: StrategyAddRequest): Promise<{ id: number }> {
    const tenantId = principal.account.tenantId
    const id = await this.uniquely(() =>
      this.deps.db.transaction(async (tx) => {
        const strategies = strategiesRepository(tx)
        if (await strategies.nameTaken(tenantId, request.name)) throw new AppError(ErrorCode.POLICY_EXISTS)
        return strategies.insert(tenantId, values(request))
      }),
    )
    return { id }
  }

  async save(principal: Principal, request: StrategySaveRequest): Promise<PortalStrategy> {
    const tenantId = principal.account.tenantId
    await this.own(tenantId, request.id)
    await this.uniquely(() =>
      this.deps.db.transaction(async (tx) => {
        const strategies = strategiesRepository(tx)
        if (await strategies.nameTaken(tenantId, request.name, request.id))
          throw new AppError(ErrorCode.POLICY_EXISTS)
        await strategies.update(tenantId, request.id, values(request))
      }),
    )
    return this.info(principal, request.id)
  }

  /** A strategy a portal setting references cannot be deleted: the database's RESTRICT says so. */
  async remove(principal: Principal, id: number): Promise<void> {
    const tenantId = principal.account.tenantId
    await this.own(tenantId, id)
    try {
      await strategiesRepository(this.deps.db).remove(tenantId, id)
    } catch (error) {
      if (violatedForeignKey(error)) throw new AppError(ErrorCode.POLICY_IN_USE)
      throw error
    }
  }

  private async own(tenantId: number, id: number): Promise<StrategyRow> {
    const strategies = strategiesRepository(this.deps.db)
    const row = await strategies.findInTenant(tenantId, id)
    if (row) return row
    throw new AppError((await strategies.exists(id)) ? ErrorCode.NO_PERMISSION : ErrorCode.POLICY_NOT_FOUND)
  }

  /** Two adds of one name at once: the unique index decides, and the loser hears "already exists". */
  private async uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'portal_strategies_tenant_name_key')
        throw new AppError(ErrorCode.POLICY_EXISTS)
      throw error
    }
  }
}

function values(request: StrategyAddRequest): StrategyValues {
  return {
    name: request.name,
    validityDays: request.validity_days,
    sessionMinutes: request.session_minutes,
    uploadKbps: request.upload_kbps,
    downloadKbps: request.download_kbps,
    uploadQuotaMb: request.upload_quota_mb,
    downloadQuotaMb: request.download_quota_mb,
    ipWhitelist: request.ip_whitelist,
    ipBlacklist: request.ip_blacklist,
    macWhitelist: request.mac_whitelist,
    macBlacklist: request.mac_blacklist,
  }
}

function toView(row: StrategyRow): PortalStrategy {
  return {
    id: row.id,
    name: row.name,
    validity_days: row.validityDays,
    session_minutes: row.sessionMinutes,
    upload_kbps: row.uploadKbps,
    download_kbps: row.downloadKbps,
    upload_quota_mb: row.uploadQuotaMb,
    download_quota_mb: row.downloadQuotaMb,
    ip_whitelist: row.ipWhitelist.join(','),
    ip_blacklist: row.ipBlacklist.join(','),
    mac_whitelist: row.macWhitelist.join(','),
    mac_blacklist: row.macBlacklist.join(','),
    created_at: row.createdAt.toISOString(),
  }
}
