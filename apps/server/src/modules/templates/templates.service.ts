import { ErrorCode } from '@canopy/shared/errors'
import { isJsonObject, type JsonObject } from '@canopy/shared/protocol'
import type { TemplateSettings } from '@canopy/shared/validation'
import type { Database, Executor } from '../../db/client'
import { violatedUniqueConstraint } from '../../db/errors'
import type { SecretBox } from '../../db/secrets'
import type { ShadowService } from '../../gateway/shadow/shadow.service'
import { AppError } from '../../http/app-error'
import { type PageRequest, pageWindow } from '../../lib/paging'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import { fromReported, keepSecrets, passwordsKept, shownSettings } from './template-content'
import { type TemplateRow, templatesRepository } from './templates.repository'

const NAME_KEY = 'config_templates_creator_name_key'

/** A template as the console sees it: no secret, only which networks keep a password. */
export interface TemplateView {
  id: number
  name: string
  settings: JsonObject
  /** the WiFi entries (2g, 5g, vap1-3) whose password the template keeps */
  passwords: string[]
  version: number
  /** §3 "creating account" */
  creator: string
  created_at: string
  updated_at: string
  devices: number
  projects: number
}

/**
 * Configuration templates (§2 /maintain/tpl, §3): a tenant's named settings, made from scratch,
 * from a device's current configuration or as a copy; edited (its automatic devices then get
 * the new version, see TemplateApplication) and deleted when nothing uses it. The routes declare
 * the admin-only permission; a name the creator already gave another is "File already exists".
 */
export class TemplatesService {
  constructor(
    private readonly deps: {
      db: Database
      box: SecretBox
      devices: DevicesService
      shadows: ShadowService
      /** an edited template's automatic devices get its new version (a durable rollout) */
      rollOut: (tenantId: number, templateId: number) => Promise<void>
    },
  ) {}

  async list(principal: Principal, request: PageRequest & { keyword?: string | undefined }) {
    const repository = templatesRepository(this.deps.db)
    const { rows, total } = await repository.list(
      principal.account.tenantId,
      principal.access.primary ? undefined : principal.account.id,
      pageWindow(request),
      request.keyword?.trim() || undefined,
    )
    const uses = await repository.uses(rows.map((row) => row.id))
    return { total, list: rows.map((row) => this.view(row, uses.get(row.id)!)) }
  }

  async info(principal: Principal, id: number): Promise<TemplateView> {
    const repository = templatesRepository(this.deps.db)
    const row = await this.require(this.deps.db, principal, id)
    return this.view(row, (await repository.uses([id])).get(id)!)
  }

  async create(principal: Principal, name: string, settings: TemplateSettings): Promise<{ id: number }> {
    return this.insert(principal, name, settings as JsonObject)
  }

  /** From what the device reports now (its running configuration as Canopy sees it). */
  async createFromDevice(principal: Principal, name: string, deviceId: number): Promise<{ id: number }> {
    const [device] = await this.deps.devices.requireDevices(principal, [deviceId])
    const shadow = await this.deps.shadows.read(device!.id)
    const settings = fromReported(shadow?.state.reported ?? {})
    if (!settings) throw new AppError(ErrorCode.DATA_NOT_FOUND)
    return this.insert(principal, name, settings as JsonObject)
  }

  async copy(principal: Principal, id: number, name: string): Promise<{ id: number }> {
    const source = await this.require(this.deps.db, principal, id)
    return this.insert(principal, name, this.secretsOf(source))
  }

  /** An edit; a WiFi password left out keeps the template's. Its automatic devices then follow. */
  async save(principal: Principal, id: number, name: string, settings: TemplateSettings): Promise<void> {
    await this.deps.db
      .transaction(async (tx) => {
        const row = await this.require(tx, principal, id, { lock: true })
        await this.requireUsersInScope(tx, principal, id)
        const merged = keepSecrets(settings as JsonObject, this.secretsOf(row))
        await templatesRepository(tx).update(id, {
          name,
          settings: shownSettings(merged),
          secrets: this.deps.box.seal(JSON.stringify(merged)),
        })
      })
      .catch(nameTaken)
    await this.deps.rollOut(principal.account.tenantId, id)
  }

  /** Refused while a device or a project uses it (§8: the template is in use). */
  async remove(principal: Principal, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.require(tx, principal, id, { lock: true })
      const repository = templatesRepository(tx)
      const uses = (await repository.uses([id])).get(id)!
      if (uses.devices > 0 || uses.projects > 0) throw new AppError(ErrorCode.TEMPLATE_IN_USE)
      await repository.remove(id)
    })
  }

  /**
   * The template, if the caller may manage it: the primary account manages its tenant's, a child
   * administrator those it made (an edit rolls out to every device using it, so a child must not
   * reach templates used beyond its scope). Anything else, another tenant's included, is
   * 600400143, so ids never tell what exists.
   */
  async require(
    db: Executor,
    principal: Principal,
    id: number,
    options: { lock?: boolean } = {},
  ): Promise<TemplateRow> {
    const repository = templatesRepository(db)
    const tenantId = principal.account.tenantId
    const row = options.lock
      ? await repository.findForUpdate(tenantId, id)
      : await repository.find(tenantId, id)
    if (!row || !(principal.access.primary || row.createdBy === principal.account.id))
      throw new AppError(ErrorCode.NO_PERMISSION)
    return row
  }

  /**
   * A child's edit reaches every device using the template: refused (600400143) when one of them,
   * or a project giving it automatically, is outside the child's scope.
   */
  private async requireUsersInScope(db: Executor, principal: Principal, id: number): Promise<void> {
    if (principal.access.primary) return
    const repository = templatesRepository(db)
    const [deviceIds, projectIds, scope] = await Promise.all([
      repository.devicesWith(id),
      repository.projectsOf(id),
      this.deps.devices.scope(principal),
    ])
    const visible = await this.deps.devices.visibleAmong(principal, deviceIds)
    if (visible.size < deviceIds.length || !projectIds.every((projectId) => scope.has(projectId)))
      throw new AppError(ErrorCode.NO_PERMISSION)
  }

  /** The template's whole settings, passwords included: what devices are sent. */
  secretsOf(row: TemplateRow): JsonObject {
    const settings: unknown = JSON.parse(this.deps.box.unseal(row.secrets))
    return isJsonObject(settings) ? settings : {}
  }

  private async insert(principal: Principal, name: string, settings: JsonObject): Promise<{ id: number }> {
    const row = await templatesRepository(this.deps.db)
      .insert({
        tenantId: principal.account.tenantId,
        name,
        settings: shownSettings(settings),
        secrets: this.deps.box.seal(JSON.stringify(settings)),
        createdBy: principal.account.id,
        createdByName: principal.account.username,
      })
      .catch(nameTaken)
    return { id: row.id }
  }

  private view(row: TemplateRow, uses: { devices: number; projects: number }): TemplateView {
    return {
      id: row.id,
      name: row.name,
      settings: row.settings as JsonObject,
      passwords: passwordsKept(this.secretsOf(row)),
      version: row.version,
      creator: row.createdByName,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      devices: uses.devices,
      projects: uses.projects,
    }
  }
}

/** A name another template of the same creator has (case-blind): §8 "File already exists". */
function nameTaken(error: unknown): never {
  if (violatedUniqueConstraint(error) === NAME_KEY) throw new AppError(ErrorCode.FILE_EXISTS)
  throw error
}
