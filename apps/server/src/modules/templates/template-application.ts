import { ACTION_PERMISSIONS } from '@canopy/shared/batch-rules'
import { ErrorCode } from '@canopy/shared/errors'
import { permits } from '@canopy/shared/permissions'
import { subtreeIds } from '@canopy/shared/project-tree'
import { isJsonObject, type JsonObject } from '@canopy/shared/protocol'
import {
  type ProjectTemplateSetRequest,
  TEMPLATE_SECTIONS,
  type TemplateMode,
} from '@canopy/shared/validation'
import type { Database, Executor } from '../../db/client'
import type { DeviceEvents } from '../../gateway/device-events'
import { AppError } from '../../http/app-error'
import { eachConcurrently } from '../../lib/concurrency'
import { groupsOf } from '../../lib/group-by'
import type { Principal } from '../auth/principal'
import { requireBatch } from '../devices/batch-check'
import type { DeviceRow } from '../devices/devices.repository'
import type { DevicesService } from '../devices/devices.service'
import { actorOf, type OperationActor } from '../operations/operation-log'
import type { ProjectDirectory } from '../projects/project-directory'
import type { SettingsChange, SettingsService } from '../settings/settings.service'
import type { TemplateRow } from './templates.repository'
import { templatesRepository } from './templates.repository'
import type { TemplatesService } from './templates.service'

/** Devices a rollout applies to in one transaction: bounded work, bounded locks. */
const ROLLOUT_CHUNK = 500
/** Chunks under way at once (they lock different devices' shadows, so they cannot deadlock). */
const CHUNKS_AT_ONCE = 2

/**
 * Applying templates (§4 config application; §7 tpl/set, child/tpl/set), always through the
 * device settings (desired state → shadow → device reports → executions), never a path of its own:
 *
 * - manual: now, to devices or a project's devices, under the shared batch rules (all online:
 *   offline devices cannot be downloaded to; one model when it sets WiFi); all or nothing;
 * - automatic: a project (and its sub-projects that name none of their own) gives its template
 *   to every device in it, bound or moved in later too (the devices service's `placed` event),
 *   and each edit of the template rolls out to them. An offline device gets it when it returns
 *   (its change waits in its shadow); a device whose model cannot take it is marked refused.
 */
export class TemplateApplication {
  constructor(
    private readonly deps: {
      db: Database
      templates: TemplatesService
      settings: SettingsService
      devices: DevicesService
      projects: ProjectDirectory
      events: DeviceEvents
      /** queues a durable rollout over these projects' devices (a scheduler job) */
      queueRollout: (job: RolloutJob) => Promise<void>
    },
  ) {
    deps.events.on('placed', ({ tenantId, projectId, deviceIds }) =>
      this.reconcile(tenantId, [projectId], deviceIds),
    )
  }

  /** §7 tpl/set: the template to these devices now, manually. */
  async applyToDevices(principal: Principal, templateId: number, ids: number[]) {
    const template = await this.deps.templates.require(this.deps.db, principal, templateId)
    const devices = await this.deps.devices.requireDevices(principal, ids)
    return this.applyManually(principal, template, devices)
  }

  /** §7 child/tpl/set: a project's template, now (manual) or from now on (automatic). */
  async applyToProject(principal: Principal, request: ProjectTemplateSetRequest) {
    const scope = await this.deps.devices.scope(principal)
    const project = scope.require(request.gid)
    const subtree = [...subtreeIds(scope.projects, [project.id])].filter((id) => scope.has(id))
    const tenantId = principal.account.tenantId
    if (request.tplId === null) {
      if (request.mode !== 'automatic') throw new AppError(ErrorCode.INVALID_PARAMETER)
      requireEditing(principal)
      await templatesRepository(this.deps.db).clearProjectTemplate(project.id)
      await this.deps.queueRollout({ tenantId, projectIds: [project.id] })
      return null
    }
    const template = await this.deps.templates.require(this.deps.db, principal, request.tplId)
    if (request.mode === 'manual') {
      const devices = await this.deps.devices.inProjects(tenantId, subtree)
      return this.applyManually(principal, template, devices)
    }
    requireEditing(principal)
    await this.deps.db.transaction(async (tx) => {
      // The template is locked while the project names it: a delete waits, then sees it used.
      await this.deps.templates.require(tx, principal, template.id, { lock: true })
      await templatesRepository(tx).setProjectTemplate(project.id, template.id)
    })
    await this.deps.queueRollout({ tenantId, projectIds: [project.id] })
    return null
  }

  /** A template edited: its projects' devices get the new version (a durable rollout). */
  async rollOutTemplate(tenantId: number, templateId: number): Promise<void> {
    const projectIds = await templatesRepository(this.deps.db).projectsOf(templateId)
    if (projectIds.length > 0) await this.deps.queueRollout({ tenantId, projectIds })
  }

  /**
   * Brings the devices of these projects (and their sub-projects) in line with their automatic
   * template: each device gets its nearest project's, unless it already holds that version; a
   * device no project gives one to leaves automatic application. `only`: just these devices
   * (bound or moved in). Idempotent, so a rollout job may run again after a crash.
   */
  async reconcile(tenantId: number, projectIds: number[], only?: number[]): Promise<void> {
    const tree = await this.deps.projects.projectsOf(tenantId)
    const inScope = [...subtreeIds(tree, projectIds)]
    const repository = templatesRepository(this.deps.db)
    const governing = nearestTemplates(tree, await repository.projectTemplates(tree.map((p) => p.id)))
    const devices = only
      ? await this.deps.devices.ofTenant(tenantId, only)
      : await this.deps.devices.inProjects(tenantId, inScope)
    const byTemplate = new Map<number, DeviceRow[]>()
    const ungoverned: number[] = []
    for (const device of devices) {
      const templateId = device.projectId === null ? undefined : governing.get(device.projectId)
      if (templateId === undefined) ungoverned.push(device.id)
      else byTemplate.set(templateId, [...(byTemplate.get(templateId) ?? []), device])
    }
    await repository.unassignAutomatic(ungoverned)
    for (const [templateId, governed] of byTemplate) {
      const template = await repository.find(tenantId, templateId)
      if (!template) continue
      const behind = await repository.behind(
        governed.map((device) => device.id),
        template.id,
        template.version,
      )
      const due = governed.filter((device) => behind.has(device.id))
      const chunks = groupsOf(due, ROLLOUT_CHUNK)
      // Two at a time: one chunk's devices are told while the next one's transaction commits.
      await eachConcurrently(chunks, CHUNKS_AT_ONCE, (chunk) => this.applyAutomatically(template, chunk))
    }
  }

  private async applyManually(principal: Principal, template: TemplateRow, devices: DeviceRow[]) {
    const changes = this.changesOf(template)
    requireBatch(
      principal,
      changes.some((c) => c.section === 'wifi') ? 'applyTemplateWifi' : 'applyTemplate',
      devices,
    )
    const operationIds = await this.store(actorOf(principal), template, devices, changes, 'manual')
    return { operation_ids: operationIds }
  }

  /**
   * The server's own application: devices its model refuses are marked so; online and offline
   * devices go as separate operations (an offline device's change waits, pending, in its shadow).
   */
  private async applyAutomatically(template: TemplateRow, devices: DeviceRow[]): Promise<void> {
    const changes = this.changesOf(template)
    const refused = await this.deps.settings.unfit(devices, changes)
    await templatesRepository(this.deps.db).assign(
      [...refused].map(([deviceId, refusal]) => ({
        deviceId,
        templateId: template.id,
        mode: 'automatic' as const,
        templateVersion: template.version,
        operations: {},
        refusal: String(refusal.codes[0]),
      })),
    )
    const fit = devices.filter((device) => !refused.has(device.id))
    const actor = { tenantId: template.tenantId, accountId: null, accountName: null }
    for (const group of [
      fit.filter((device) => device.status === 'online'),
      fit.filter((device) => device.status !== 'online'),
    ]) {
      if (group.length > 0) await this.store(actor, template, group, changes, 'automatic')
    }
  }

  /** The settings change and, in its transaction, what each device now holds. */
  private store(
    actor: OperationActor,
    template: TemplateRow,
    devices: DeviceRow[],
    changes: SettingsChange[],
    mode: TemplateMode,
  ): Promise<number[]> {
    return this.deps.settings.applySections(actor, devices, changes, {
      alsoInTransaction: async (tx: Executor, operationIds: number[]) => {
        const operations: JsonObject = {}
        changes.forEach((change, at) => {
          operations[change.section] = operationIds[at]!
        })
        await templatesRepository(tx).assign(
          devices.map((device) => ({
            deviceId: device.id,
            templateId: template.id,
            mode,
            templateVersion: template.version,
            operations,
            refusal: null,
          })),
        )
      },
    })
  }

  /** The template's sections as settings changes, passwords included. */
  private changesOf(template: TemplateRow): SettingsChange[] {
    const settings = this.deps.templates.secretsOf(template)
    return TEMPLATE_SECTIONS.flatMap((section) => {
      const values = settings[section]
      if (!isJsonObject(values) || Object.keys(values).length === 0) return []
      return [
        {
          section,
          values,
          action: `template.apply.${section}`,
          rule: section === 'wifi' ? ('wifi' as const) : ('settings' as const),
        },
      ]
    })
  }
}

/** A durable rollout: these projects' devices brought in line with their automatic template. */
export interface RolloutJob {
  tenantId: number
  projectIds: number[]
}

/** Automatic application changes what the devices run: it needs the device edit function too. */
function requireEditing(principal: Principal): void {
  if (!permits(principal.access, ACTION_PERMISSIONS.applyTemplate))
    throw new AppError(ErrorCode.NO_PERMISSION)
}

/** Each project's automatic template: its own, else its nearest ancestor's. */
function nearestTemplates(
  tree: ReadonlyArray<{ id: number; parentId: number | null }>,
  own: Map<number, number>,
): Map<number, number> {
  const parent = new Map(tree.map((project) => [project.id, project.parentId]))
  const found = new Map<number, number>()
  for (const project of tree) {
    let at: number | null | undefined = project.id
    const seen = new Set<number>()
    while (at !== null && at !== undefined && !seen.has(at)) {
      seen.add(at)
      const templateId = own.get(at)
      if (templateId !== undefined) {
        found.set(project.id, templateId)
        break
      }
      at = parent.get(at)
    }
  }
  return found
}
