import { isJsonObject } from '@canopy/shared/protocol'
import type { TemplateMode } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import type { SettingsService } from '../settings/settings.service'
import { templatesRepository } from './templates.repository'

/**
 * Whether a device runs what its template last asked: read from the settings operations that
 * carried it (in sync only when the device reported it), or why not.
 * - pending / applying / in_sync / failed: the template's changes' own state;
 * - changed: a later change replaced a section the template set (the device no longer runs it);
 * - outdated: the template was edited since the device got it (automatic: its rollout is on its way);
 * - refused: its model cannot take the template (a radio it lacks).
 */
export type TemplateSync = 'pending' | 'applying' | 'in_sync' | 'failed' | 'changed' | 'outdated' | 'refused'

export interface DeviceTemplateState {
  id: number
  /** §4 config application: not applied (no template), manual or automatic */
  mode: TemplateMode | 'none'
  template_id: number | null
  template_name: string | null
  sync: TemplateSync | null
  /** the §8 code an automatic application was refused with */
  refusal: number | null
  applied_at: string | null
}

/** Each device's template and application state (device list column, device detail). */
export class TemplateStates {
  constructor(private readonly deps: { db: Database; devices: DevicesService; settings: SettingsService }) {}

  /** The tenant's devices holding a template: the device list's template filter (it applies the scope). */
  devicesWith(tenantId: number, templateId: number): Promise<number[]> {
    return templatesRepository(this.deps.db).devicesWith(templateId, tenantId)
  }

  /** The states of these devices, all of which the caller must see (600400143 otherwise). */
  async of(principal: Principal, ids: number[]): Promise<DeviceTemplateState[]> {
    const visible = (await this.deps.devices.requireDevices(principal, ids)).map((device) => device.id)
    const repository = templatesRepository(this.deps.db)
    const [held, sections] = await Promise.all([
      repository.ofDevices(visible),
      this.deps.settings.sectionStates(visible),
    ])
    const templates = await repository.namesAndVersions([...new Set(held.map((row) => row.templateId))])
    const sectionsOf = new Map<number, typeof sections>()
    for (const row of sections) sectionsOf.set(row.deviceId, [...(sectionsOf.get(row.deviceId) ?? []), row])
    const heldBy = new Map(held.map((row) => [row.deviceId, row]))
    return visible.map((id) => {
      const row = heldBy.get(id)
      if (!row)
        return {
          id,
          mode: 'none',
          template_id: null,
          template_name: null,
          sync: null,
          refusal: null,
          applied_at: null,
        }
      const template = templates.get(row.templateId)
      const operations = isJsonObject(row.operations) ? row.operations : {}
      return {
        id,
        mode: row.mode as TemplateMode,
        template_id: row.templateId,
        template_name: template?.name ?? null,
        sync: syncOf(
          row.refusal,
          row.templateVersion,
          template?.version ?? row.templateVersion,
          operations,
          sectionsOf.get(id) ?? [],
        ),
        refusal: row.refusal === null ? null : Number(row.refusal),
        applied_at: row.appliedAt.toISOString(),
      }
    })
  }
}

function syncOf(
  refusal: string | null,
  heldVersion: number,
  currentVersion: number,
  operations: Record<string, unknown>,
  sections: Array<{ section: string; operationId: number | null; status: string }>,
): TemplateSync {
  if (refusal !== null) return 'refused'
  if (heldVersion < currentVersion) return 'outdated'
  const states = Object.entries(operations).map(([section, operationId]) => {
    const row = sections.find((candidate) => candidate.section === section)
    return !row || row.operationId !== operationId ? 'changed' : row.status
  })
  for (const state of ['changed', 'failed', 'pending', 'applying'] as const)
    if (states.includes(state)) return state
  return 'in_sync'
}
