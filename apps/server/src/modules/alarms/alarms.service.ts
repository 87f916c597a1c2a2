import { ErrorCode } from '@canopy/shared/errors'
import { type AlarmListRequest, type AlarmRules, DEFAULT_ALARM_RULES } from '@canopy/shared/validation'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import { pageWindow } from '../../lib/paging'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import type { AlarmReceivers, Receiver } from './alarm-receivers'
import type { Source } from './alarm-settings'
import type { AlarmSettingsDirectory } from './alarm-settings-directory'
import { alarmsRepository, type SettingTarget } from './alarms.repository'

type Target = { id?: number; gid?: number }
/** own: the device or project has its own; project: inherited from a project; none: nothing set */
type InheritedFrom = 'own' | 'project' | 'none'
interface Resolved {
  tenantId: number
  key: SettingTarget
  /** the device, for a device's setting */
  deviceId?: number
  projectId: number | null
}

/** A device's or project's alarm settings as the console edits them. */
export interface AlarmConfigView {
  rules: AlarmRules
  /** own: this device or project has its rules; project: inherited from `rules_gid`; none: defaults */
  rules_from: InheritedFrom
  rules_gid: number | null
  email: boolean
  wechat: boolean
  uids: number[]
  notice_from: InheritedFrom
  notice_gid: number | null
  muted_until: string | null
  /** the accounts that may be chosen as receivers */
  accounts: Array<{ uid: number; username: string; nickname: string | null; primary: 0 | 1 }>
}

export interface AlarmView {
  id: number
  category: string
  state: string
  device_id: number
  device_name: string | null
  mac: string | null
  value: number | null
  threshold: number | null
  detail: string | null
  pending_since: string
  fired_at: string | null
  recovered_at: string | null
  acknowledged_at: string | null
}

/**
 * Alarm settings and the alarm list (§3, §7 `device/alarm/*`; issue 15). Every target is checked
 * against the caller's scope (600400143 otherwise), receivers against the accounts that may see
 * the target, and each change tells the other instances through the change feed.
 */
export class AlarmsService {
  constructor(
    private readonly deps: {
      db: Database
      changes: ChangeFeed
      devices: Pick<DevicesService, 'requireDevices' | 'scope' | 'recordScope' | 'firmwareOf'>
      settings: AlarmSettingsDirectory
      receivers: AlarmReceivers
    },
  ) {}

  async configs(principal: Principal, target: Target): Promise<AlarmConfigView> {
    const resolved = await this.resolve(principal, target)
    const setting = await this.deps.settings.effective(resolved.tenantId, resolved)
    const accounts = await this.deps.receivers.candidates(resolved.tenantId, resolved)
    const own = (from: Source): InheritedFrom =>
      from.kind === 'device' || this.isOwnProject(from, resolved) ? 'own' : from.kind
    return {
      rules: setting.rules ?? DEFAULT_ALARM_RULES,
      rules_from: own(setting.rulesFrom),
      rules_gid: setting.rulesFrom.kind === 'project' ? setting.rulesFrom.gid : null,
      email: setting.notice?.email ?? false,
      wechat: setting.notice?.wechat ?? false,
      uids:
        setting.notice?.uids ?? accounts.filter((account) => account.primary).map((account) => account.uid),
      notice_from: own(setting.noticeFrom),
      notice_gid: setting.noticeFrom.kind === 'project' ? setting.noticeFrom.gid : null,
      muted_until:
        setting.mutedUntil && setting.mutedUntil > new Date() ? setting.mutedUntil.toISOString() : null,
      accounts: accounts.map(toAccountView),
    }
  }

  async set(
    principal: Principal,
    request: Target & { rules?: AlarmRules; inherit?: boolean },
  ): Promise<void> {
    const resolved = await this.resolve(principal, request)
    await this.write(resolved, { rules: request.inherit ? null : request.rules })
  }

  async setNotice(
    principal: Principal,
    request: Target & { email: boolean; wechat: boolean; uids: number[]; inherit?: boolean },
  ): Promise<void> {
    const resolved = await this.resolve(principal, request)
    if (request.inherit) return this.write(resolved, { notice: null })
    const uids = [...new Set(request.uids)]
    const allowed = new Set(
      (await this.deps.receivers.candidates(resolved.tenantId, resolved)).map((r) => r.uid),
    )
    if (uids.some((uid) => !allowed.has(uid))) throw new AppError(ErrorCode.NO_PERMISSION)
    await this.write(resolved, { notice: { email: request.email, wechat: request.wechat, uids } })
  }

  /** Mutes a device or project for `minutes` from now (0 ends the mute). */
  async mute(
    principal: Principal,
    request: Target & { minutes: number },
  ): Promise<{ muted_until: string | null }> {
    const resolved = await this.resolve(principal, request)
    const until = request.minutes > 0 ? new Date(Date.now() + request.minutes * 60_000) : null
    await this.write(resolved, { mutedUntil: until })
    return { muted_until: until?.toISOString() ?? null }
  }

  async list(principal: Principal, request: AlarmListRequest): Promise<{ total: number; list: AlarmView[] }> {
    const scope = await this.deps.devices.recordScope(principal)
    const { total, rows } = await alarmsRepository(this.deps.db).list(scope, request, pageWindow(request))
    const devices = new Map(
      (await this.deps.devices.firmwareOf(rows.map((row) => row.deviceId))).map((device) => [
        device.id,
        device,
      ]),
    )
    return {
      total,
      list: rows.map((row) => {
        const device = devices.get(row.deviceId)
        return {
          id: row.id,
          category: row.category,
          state: row.state,
          device_id: row.deviceId,
          device_name: device?.name ?? null,
          mac: device?.mac ?? null,
          value: row.value,
          threshold: row.threshold,
          detail: row.detail,
          pending_since: row.pendingSince.toISOString(),
          fired_at: row.firedAt?.toISOString() ?? null,
          recovered_at: row.recoveredAt?.toISOString() ?? null,
          acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
        }
      }),
    }
  }

  /** Acknowledges alarms; every id must be a fired alarm the caller sees, or nothing happens. */
  async acknowledge(principal: Principal, ids: number[]): Promise<void> {
    const wanted = [...new Set(ids)]
    const scope = await this.deps.devices.recordScope(principal)
    await this.deps.db.transaction(async (tx) => {
      const repository = alarmsRepository(tx)
      if ((await repository.visibleIds(scope, wanted)).length !== wanted.length)
        throw new AppError(ErrorCode.NO_PERMISSION)
      await repository.acknowledge(scope, wanted, principal.account.id)
    })
  }

  /** §6: the accounts among `uids` that receive a device's or project's alarms (they cannot be deleted). */
  async tiedAccounts(tenantId: number, uids: number[]): Promise<number[]> {
    return alarmsRepository(this.deps.db).receiversIn(tenantId, uids)
  }

  private async write(
    resolved: Resolved,
    values: Parameters<ReturnType<typeof alarmsRepository>['upsertSetting']>[2],
  ): Promise<void> {
    await alarmsRepository(this.deps.db).upsertSetting(resolved.tenantId, resolved.key, values)
    await this.deps.changes.publish({ kind: 'alarmSettings', tenantId: resolved.tenantId })
  }

  /** The device or project named, if the caller may see it; 600400143 otherwise. */
  private async resolve(principal: Principal, target: Target): Promise<Resolved> {
    const tenantId = principal.account.tenantId
    if (target.id !== undefined) {
      const [device] = await this.deps.devices.requireDevices(principal, [target.id])
      return { tenantId, key: { deviceId: device!.id }, deviceId: device!.id, projectId: device!.projectId }
    }
    const project = (await this.deps.devices.scope(principal)).require(target.gid ?? 0)
    return { tenantId, key: { projectId: project.id }, projectId: project.id }
  }

  private isOwnProject(from: Source, resolved: Resolved): boolean {
    return from.kind === 'project' && resolved.deviceId === undefined && from.gid === resolved.projectId
  }
}

function toAccountView(receiver: Receiver) {
  return {
    uid: receiver.uid,
    username: receiver.username,
    nickname: receiver.nickname,
    primary: receiver.primary ? (1 as const) : (0 as const),
  }
}
