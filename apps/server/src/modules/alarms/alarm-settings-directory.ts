import type { ChangeFeed } from '../../db/change-feed'
import type { Executor } from '../../db/client'
import type { ProjectDirectory } from '../projects/project-directory'
import { type EffectiveSetting, resolveSetting, type SettingRow } from './alarm-settings'
import { alarmsRepository } from './alarms.repository'

interface TenantSettings {
  byDevice: Map<number, SettingRow>
  byProject: Map<number, SettingRow>
}

/**
 * Every tenant's alarm settings in memory: each telemetry report of a watched device resolves its
 * setting, thousands a second, so this must cost no query. A change (here or, through the change
 * feed, on another instance) drops the tenant's entry, as do changes to its project tree.
 */
export class AlarmSettingsDirectory {
  private readonly byTenant = new Map<number, Promise<TenantSettings>>()
  /** resolved settings, valid while the tenant's entry is the one they were resolved from */
  private readonly loaded = new Map<number, TenantSettings>()

  constructor(private readonly deps: { db: Executor; changes: ChangeFeed; projects: ProjectDirectory }) {
    deps.changes.onChange((event) => {
      if (event.kind === 'alarmSettings' || event.kind === 'projects') this.forget(event.tenantId)
    })
  }

  /** What applies to a device in `projectId` (or to the project, without `deviceId`). */
  async effective(
    tenantId: number,
    target: { deviceId?: number; projectId: number | null },
  ): Promise<EffectiveSetting> {
    const [settings, projects] = await Promise.all([
      this.of(tenantId),
      this.deps.projects.projectsOf(tenantId),
    ])
    const parents = new Map(projects.map((project) => [project.id, project.parentId]))
    return resolveSetting(settings, target, (gid) => parents.get(gid) ?? null)
  }

  /** Whether the tenant has any setting at all: a tenant without one costs its devices nothing. */
  async any(tenantId: number): Promise<boolean> {
    const settings = this.loaded.get(tenantId) ?? (await this.of(tenantId))
    return settings.byDevice.size > 0 || settings.byProject.size > 0
  }

  forget(tenantId: number): void {
    this.byTenant.delete(tenantId)
    this.loaded.delete(tenantId)
  }

  private of(tenantId: number): Promise<TenantSettings> {
    let entry = this.byTenant.get(tenantId)
    if (!entry) {
      entry = alarmsRepository(this.deps.db)
        .settingsOfTenant(tenantId)
        .then((rows) => {
          const settings: TenantSettings = { byDevice: new Map(), byProject: new Map() }
          for (const row of rows) {
            if (row.deviceId !== null) settings.byDevice.set(row.deviceId, row)
            if (row.projectId !== null) settings.byProject.set(row.projectId, row)
          }
          if (this.byTenant.get(tenantId) === entry) this.loaded.set(tenantId, settings)
          return settings
        })
      entry.catch(() => this.forget(tenantId))
      this.byTenant.set(tenantId, entry)
    }
    return entry
  }
}
