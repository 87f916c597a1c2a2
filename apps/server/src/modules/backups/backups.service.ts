import { randomUUID } from 'node:crypto'
import { decideBatch } from '@canopy/shared/batch-rules'
import { ErrorCode } from '@canopy/shared/errors'
import { permits } from '@canopy/shared/permissions'
import {
  BACKUP_OPERATION,
  CONFIG_MAX_BYTES,
  type JsonObject,
  mergeState,
  RESTORE_OPERATION,
} from '@canopy/shared/protocol'
import { BACKUP_KEEP_DEFAULT, type BackupCreateRequest } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import type { SecretBox } from '../../db/secrets'
import { presignedPlaceholder } from '../../gateway/jobs/job-documents'
import type { JobsService } from '../../gateway/jobs/jobs.service'
import type { ShadowService } from '../../gateway/shadow/shadow.service'
import { AppError } from '../../http/app-error'
import { FileReply } from '../../http/file-reply'
import { groupedWrites } from '../../lib/grouped-writes'
import { Remembered } from '../../lib/remembered'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import { asReported, withoutSecrets } from '../settings/secrets'
import type { UsersService } from '../users/users.service'
import {
  openConfig,
  readUpload,
  restoreBody,
  sealConfig,
  shownConfig,
  type UploadProblem,
} from './backup-content'
import { type BackupRow, type BackupRunRow, backupsRepository, type NewBackup } from './backups.repository'
import { diffConfigs } from './config-diff'
import { configurationOf } from './config-drift'

/** The presigned kinds of backup jobs (gateway/jobs fills them per device). */
export const UPLOAD_LINK = 'config-upload'
export const RESTORE_LINK = 'config-restore'
/** A backup's or restore's execution times out this long after it starts. */
const RUN_MINUTES = 10

export type UploadOutcome = 'stored' | 'duplicate' | UploadProblem | 'unknown-run' | 'foreign-device'

/** The devices a run backs up: ids with their tenant (the job's executions). */
export interface RunTarget {
  tenantId: number
  deviceIds: number[]
  takenBy: number | null
  source: 'manual' | 'schedule'
  note?: string
  /** a scheduled run's job id (the same for every attempt at one run); a new one otherwise */
  jobId?: string
}

/**
 * Configuration backups (issue 14): a backup run is a `config-backup` job whose devices each
 * upload their running configuration by a link signed for them; each upload is the device's next
 * version (secrets sealed), the oldest beyond its retention deleted. Versions are listed,
 * downloaded with secrets masked, compared, and restored by a `config-restore` job.
 */
export class BackupsService {
  constructor(
    private readonly deps: {
      db: Database
      devices: DevicesService
      users: UsersService
      jobs: JobsService
      shadows: ShadowService
      box: SecretBox
      /** cancels a run's job once it expires: queued executions of devices that never came back */
      expireLater(jobId: string): Promise<void>
    },
  ) {}

  /** Runs never change once made, nor a product's model: a fleet's uploads read each once. */
  private readonly runs = new Remembered((id: number) => backupsRepository(this.deps.db).findRun(id))
  private readonly models = new Remembered(
    async (productId: number) => (await this.deps.devices.product(productId))?.model,
  )
  /**
   * Uploads arriving together are filed together (a transaction of four statements for up to
   * 200 devices, not one of seven for each): on the embedded database a transaction holds its
   * one session until it ends, so a fleet's uploads each waited for all the others'.
   */
  private readonly fileVersion = groupedWrites(
    (backups: NewBackup[]) =>
      this.deps.db.transaction((tx) => backupsRepository(tx).insertVersions(backups, BACKUP_KEEP_DEFAULT)),
    { max: 200 },
  )

  /** Backs up a selection or a project's devices now (a device offline backs up when it returns). */
  async create(principal: Principal, request: BackupCreateRequest) {
    const candidates = await this.deps.devices.upgradeCandidates(principal, {
      ...(request.ids ? { ids: request.ids } : {}),
      ...(request.gid === undefined ? {} : { gid: request.gid }),
    })
    const decision = decideBatch(
      'backup',
      candidates.map((device) => ({ status: device.status, model: device.model })),
      (permission) => permits(principal.access, permission),
    )
    if (!decision.allowed)
      throw new AppError(decision.code, decision.violation ? { violations: [decision.violation] } : undefined)
    const run = await this.startRun({
      tenantId: principal.account.tenantId,
      deviceIds: candidates.map((device) => device.id),
      takenBy: principal.account.id,
      source: 'manual',
      ...(request.note ? { note: request.note } : {}),
    })
    const job = await this.deps.jobs.job(run.jobId)
    return { job_id: run.jobId, operation_id: job?.operationId ?? null, devices: candidates.length }
  }

  /**
   * Files the run and creates its job. A scheduled run's job id is its own: a second attempt at
   * the same run (after a crash) finds it and creates nothing twice.
   */
  async startRun(target: RunTarget): Promise<BackupRunRow> {
    const jobId = target.jobId ?? `bkp-${randomUUID()}`
    const repository = backupsRepository(this.deps.db)
    const run =
      (await repository.insertRun({
        jobId,
        tenantId: target.tenantId,
        takenBy: target.takenBy,
        source: target.source,
        note: target.note ?? null,
      })) ?? (await repository.findRunByJob(jobId))!
    if (await this.deps.jobs.job(jobId)) return run
    await this.deps.jobs.createJob({
      jobId,
      tenantId: target.tenantId,
      document: {
        operation: BACKUP_OPERATION,
        upload: { url: presignedPlaceholder(UPLOAD_LINK, run.id), method: 'PUT', maxBytes: CONFIG_MAX_BYTES },
      },
      deviceIds: target.deviceIds,
      inProgressTimeoutInMinutes: RUN_MINUTES,
      ...(target.takenBy === null ? {} : { createdBy: target.takenBy }),
      action: target.source === 'schedule' ? 'device.backup.scheduled' : 'device.backup',
      detail: { job_id: jobId, ...(target.note ? { note: target.note } : {}) },
    })
    await this.deps.expireLater(jobId)
    return run
  }

  /**
   * A device's upload by its signed link (the link's signature is already checked): the run's
   * next version for this device, once; then the device's oldest versions beyond its retention go.
   */
  async upload(
    runId: number,
    device: { id: number; tenantId: number; productId: number; firmware: string | null; mac: string },
    body: Buffer,
  ): Promise<UploadOutcome> {
    const run = await this.runs.of(runId)
    if (!run) return 'unknown-run'
    if (run.tenantId !== device.tenantId) return 'foreign-device'
    const read = readUpload(body)
    if (typeof read === 'string') return read
    const model = (await this.models.of(device.productId)) ?? ''
    const firmware = typeof read.config.firmware === 'string' ? read.config.firmware : device.firmware
    const stored = await this.fileVersion({
      tenantId: run.tenantId,
      deviceId: device.id,
      runId: run.id,
      mac: device.mac,
      model,
      firmware: firmware?.slice(0, 64) ?? null,
      size: body.length,
      sha256: read.sha256,
      takenBy: run.takenBy,
      source: run.source,
      note: run.note,
      ...sealConfig(read.config, this.deps.box),
    })
    return stored ? 'stored' : 'duplicate'
  }

  /** A device's versions, newest first, with who took each and how many it keeps. */
  async list(principal: Principal, deviceId: number) {
    const [device] = await this.deps.devices.requireDevices(principal, [deviceId])
    const repository = backupsRepository(this.deps.db)
    const rows = await repository.listOf(device!.id)
    const names = await this.accountNames(principal.account.tenantId)
    return {
      keep: (await repository.keepOf(device!.id)) ?? BACKUP_KEEP_DEFAULT,
      list: rows.map((row) => ({
        id: row.id,
        version: row.version,
        created_at: row.createdAt.toISOString(),
        size: row.size,
        sha256: row.sha256,
        firmware: row.firmware,
        model: row.model,
        source: row.source,
        taken_by: row.takenBy === null ? null : (names.get(row.takenBy) ?? null),
        note: row.note,
      })),
    }
  }

  async setKeep(principal: Principal, deviceId: number, keep: number): Promise<void> {
    const [device] = await this.requireBackupAccess(principal, [deviceId])
    await this.deps.db.transaction(async (tx) => {
      await backupsRepository(tx).setKeep(device!.id, keep)
      await backupsRepository(tx).prune([device!.id], BACKUP_KEEP_DEFAULT)
    })
  }

  async setNote(principal: Principal, id: number, note: string): Promise<void> {
    const backup = await this.visibleBackup(principal, id, true)
    await backupsRepository(this.deps.db).setNote(backup.id, note || null)
  }

  async remove(principal: Principal, id: number): Promise<void> {
    const backup = await this.visibleBackup(principal, id, true)
    await backupsRepository(this.deps.db).remove(backup.id)
  }

  /** One version as a JSON file, secrets masked. */
  async download(principal: Principal, id: number): Promise<FileReply> {
    const backup = await this.visibleBackup(principal, id)
    const shown = shownConfig(openConfig(backup, this.deps.box))
    const name = `${backup.model.replace(/[^\w.-]/g, '_')}-v${backup.version}-${backup.createdAt.toISOString().slice(0, 10)}.json`
    return new FileReply(`${JSON.stringify(shown, null, 2)}\n`, 'application/json; charset=utf-8', name)
  }

  /**
   * Two versions of one device side by side, or one against the device's desired settings (what
   * Canopy last set, and what it is setting now): both shown with secrets masked, and the paths
   * that differ, a secret only as changed.
   */
  async diff(principal: Principal, fromId: number, toId?: number) {
    const { from, to } = await this.visibleToCompare(principal, fromId, toId)
    const before = asReported(openConfig(from, this.deps.box))
    const side = (backup: BackupRow) => ({
      id: backup.id,
      version: backup.version,
      created_at: backup.createdAt.toISOString(),
    })
    if (to) {
      if (to.deviceId !== from.deviceId) throw new AppError(ErrorCode.INVALID_PARAMETER)
      const after = asReported(openConfig(to, this.deps.box))
      return {
        from: { ...side(from), config: shownConfig(configurationOf(before)) },
        to: { ...side(to), config: shownConfig(configurationOf(after)) },
        changes: diffConfigs(configurationOf(before), configurationOf(after)).map(named),
      }
    }
    const desired = await this.desiredOf(from.deviceId)
    return {
      from: { ...side(from), config: shownConfig(configurationOf(before)) },
      to: { desired: true, config: shownConfig(desired) },
      changes: diffConfigs(configurationOf(before), desired).map(named),
    }
  }

  /**
   * Restores a version to devices of its model — its own device or a replacement — online (§4:
   * offline devices cannot be downloaded to). Another model: "Unsupported device model". The
   * devices apply it whole; once one succeeds, what it runs is what Canopy set (no drift).
   */
  async restore(principal: Principal, backupId: number, ids: number[]) {
    const backup = await this.visibleBackup(principal, backupId)
    const targets = await this.deps.devices.upgradeCandidates(principal, { ids })
    const decision = decideBatch(
      'restore',
      targets.map((device) => ({ status: device.status, model: device.model })),
      (permission) => permits(principal.access, permission),
    )
    if (!decision.allowed)
      throw new AppError(decision.code, decision.violation ? { violations: [decision.violation] } : undefined)
    if (targets.some((device) => device.model !== backup.model))
      throw new AppError(ErrorCode.UNSUPPORTED_MODEL)
    const { size, sha256 } = restoreBody(backup, this.deps.box)
    const jobId = `rst-${randomUUID()}`
    await this.deps.jobs.createJob({
      jobId,
      tenantId: principal.account.tenantId,
      document: {
        operation: RESTORE_OPERATION,
        config: { url: presignedPlaceholder(RESTORE_LINK, backup.id), model: backup.model, size, sha256 },
      },
      deviceIds: targets.map((device) => device.id),
      inProgressTimeoutInMinutes: RUN_MINUTES,
      createdBy: principal.account.id,
      action: 'device.restore',
      detail: { job_id: jobId, backup_id: backup.id, version: backup.version, mac: backup.mac || null },
    })
    await this.deps.expireLater(jobId)
    const job = await this.deps.jobs.job(jobId)
    return { job_id: jobId, operation_id: job?.operationId ?? null }
  }

  /** The bytes a device restoring `backupId` downloads; undefined when it is gone or not its tenant's. */
  async restoreDocument(backupId: number, tenantId: number) {
    const backup = await backupsRepository(this.deps.db).find(backupId)
    if (!backup || backup.tenantId !== tenantId) return undefined
    return restoreBody(backup, this.deps.box)
  }

  /** What Canopy wants the device to run: the baseline it last set, with what it is setting now. */
  private async desiredOf(deviceId: number): Promise<JsonObject> {
    const shadow = await this.deps.shadows.read(deviceId)
    const baseline = await backupsRepository(this.deps.db).baseline(deviceId)
    const base =
      (baseline?.baseline as JsonObject | undefined) ?? configurationOf(shadow?.state.reported ?? {})
    return mergeState(base, asReported(withoutSecrets(shadow?.state.desired ?? {})))
  }

  /**
   * The one or two backups a diff compares, each of a device the caller sees, or 600400143 — as
   * visibleBackup twice, in one read of the backups and one of their devices (the console asks at
   * every compare; issue 14's diff in under 100 ms).
   */
  private async visibleToCompare(
    principal: Principal,
    fromId: number,
    toId?: number,
  ): Promise<{ from: BackupRow; to?: BackupRow }> {
    const ids = toId === undefined ? [fromId] : [fromId, toId]
    const found = await backupsRepository(this.deps.db).findMany(ids)
    const visible = (id: number) => {
      const backup = found.find((candidate) => candidate.id === id)
      if (!backup || backup.tenantId !== principal.account.tenantId)
        throw new AppError(ErrorCode.NO_PERMISSION)
      return backup
    }
    const from = visible(fromId)
    const to = toId === undefined ? undefined : visible(toId)
    await this.deps.devices.requireDevices(principal, [from.deviceId, ...(to ? [to.deviceId] : [])])
    return { from, ...(to && { to }) }
  }

  /** A backup of a device the caller sees, or 600400143; `change`: with the backup function. */
  private async visibleBackup(principal: Principal, id: number, change = false): Promise<BackupRow> {
    const backup = await backupsRepository(this.deps.db).find(id)
    if (!backup || backup.tenantId !== principal.account.tenantId) throw new AppError(ErrorCode.NO_PERMISSION)
    if (change) await this.requireBackupAccess(principal, [backup.deviceId])
    else await this.deps.devices.requireDevices(principal, [backup.deviceId])
    return backup
  }

  private async requireBackupAccess(principal: Principal, ids: number[]) {
    const devices = await this.deps.devices.requireDevices(principal, ids)
    const decision = decideBatch(
      'backup',
      devices.map((device) => ({ status: device.status, model: device.productId })),
      (permission) => permits(principal.access, permission),
    )
    if (!decision.allowed) throw new AppError(decision.code)
    return devices
  }

  private async accountNames(tenantId: number): Promise<Map<number, string>> {
    const accounts = await this.deps.users.accountsOfTenant(tenantId)
    return new Map(accounts.map((account) => [account.id, account.nickname || account.username]))
  }
}

/** A change as the console shows it: a secret's hash field named as the secret. */
function named(change: ReturnType<typeof diffConfigs>[number]) {
  return change.path.endsWith('passwordHash')
    ? { ...change, path: change.path.slice(0, -4), secret: true }
    : change
}
