import type { AlarmRules } from '@canopy/shared/validation'
import type { AlarmNotice } from './alarms.schema'

/** A setting row as the resolution needs it. */
export interface SettingRow {
  deviceId: number | null
  projectId: number | null
  rules: AlarmRules | null
  notice: AlarmNotice | null
  mutedUntil: Date | null
}

/** Where a device's rules or notice come from: its own row, a project's, or nowhere. */
export type Source = { kind: 'device' } | { kind: 'project'; gid: number } | { kind: 'none' }

/** What applies to a device (or, asked with no device, to a project). */
export interface EffectiveSetting {
  rules: AlarmRules | undefined
  rulesFrom: Source
  notice: AlarmNotice | undefined
  noticeFrom: Source
  /** the latest mute end over the device and its projects up the tree */
  mutedUntil: Date | undefined
}

/**
 * Resolves the setting of a device in project `projectId` (or of the project itself when
 * `deviceId` is undefined): its own rules and notice, else the nearest project's up the tree
 * that has them; a mute anywhere on the way counts. `parentOf` walks the tenant's tree.
 */
export function resolveSetting(
  rows: { byDevice: ReadonlyMap<number, SettingRow>; byProject: ReadonlyMap<number, SettingRow> },
  target: { deviceId?: number; projectId: number | null },
  parentOf: (projectId: number) => number | null,
): EffectiveSetting {
  const chain: Array<{ row: SettingRow; from: Source }> = []
  const own = target.deviceId === undefined ? undefined : rows.byDevice.get(target.deviceId)
  if (own) chain.push({ row: own, from: { kind: 'device' } })
  const seen = new Set<number>()
  for (let gid = target.projectId; gid !== null && !seen.has(gid); gid = parentOf(gid)) {
    seen.add(gid)
    const row = rows.byProject.get(gid)
    if (row) chain.push({ row, from: { kind: 'project', gid } })
  }
  const rulesAt = chain.find(({ row }) => row.rules)
  const noticeAt = chain.find(({ row }) => row.notice)
  const mutes = chain.map(({ row }) => row.mutedUntil?.getTime() ?? 0)
  const muted = Math.max(0, ...mutes)
  return {
    rules: rulesAt?.row.rules ?? undefined,
    rulesFrom: rulesAt?.from ?? { kind: 'none' },
    notice: noticeAt?.row.notice ?? undefined,
    noticeFrom: noticeAt?.from ?? { kind: 'none' },
    mutedUntil: muted > 0 ? new Date(muted) : undefined,
  }
}
