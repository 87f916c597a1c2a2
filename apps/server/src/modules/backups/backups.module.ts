import { RESTORE_OPERATION } from '@canopy/shared/protocol'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { SecretBox, sharedSecret } from '../../db/secrets'
import type { DeviceEvents } from '../../gateway/device-events'
import type { JobsService } from '../../gateway/jobs/jobs.service'
import type { ShadowService } from '../../gateway/shadow/shadow.service'
import { coalescedRows } from '../../lib/coalesced'
import type { Scheduler } from '../../scheduler/scheduler'
import type { DeviceDirectory } from '../devices/device-directory'
import type { DevicesService } from '../devices/devices.service'
import { DownloadUrlSigner } from '../firmware/firmware-url-signing'
import type { ProjectDirectory } from '../projects/project-directory'
import type { SettingsService } from '../settings/settings.service'
import type { UsersService } from '../users/users.service'
import { ConfigLinkRefusals, registerBackupDeviceRoutes } from './backup-device.routes'
import { BackupSchedules } from './backup-schedule'
import { backupsRoutes } from './backups.routes'
import { BackupsService, RESTORE_LINK, UPLOAD_LINK } from './backups.service'
import { ConfigDrift } from './config-drift'

/** A device's upload or download link lives this long from when its job document is sent. */
const LINK_SECONDS = 15 * 60
/** A backup or restore job's devices that have not come back within this are canceled. */
export const BACKUP_JOB_EXPIRY_MS = 24 * 3_600_000
const EXPIRE_QUEUE = 'backup-job-expiry'

/**
 * The backups area's parts, built once for app.ts: the service, drift, schedules, the links
 * devices upload and download by (filled into job documents as each device receives them), the
 * job expiry, and the routes (JSON, and the two raw device routes).
 */
export async function createBackups(deps: {
  db: Database
  http: FastifyInstance
  apiRoot: string
  deviceBaseUrl: () => string
  jobs: JobsService
  shadows: ShadowService
  events: DeviceEvents
  scheduler: Scheduler
  devices: DevicesService
  directory: DeviceDirectory
  users: UsersService
  projects: ProjectDirectory
  settings: SettingsService
  reportError: (error: unknown, what: string) => void
}) {
  const key = await sharedSecret(deps.db, 'config-link-key')
  const uploads = new DownloadUrlSigner(key, Date.now, UPLOAD_LINK)
  const restores = new DownloadUrlSigner(key, Date.now, RESTORE_LINK)
  const link = (signer: DownloadUrlSigner, path: string) => (id: number, thing: string) => {
    const grant = signer.sign(id, thing, LINK_SECONDS)
    return `${deps.deviceBaseUrl()}/device/config/${path}/${id}?thing=${thing}&exp=${grant.exp}&sig=${grant.sig}`
  }
  deps.jobs.presign(UPLOAD_LINK, link(uploads, 'upload'))
  deps.jobs.presign(RESTORE_LINK, link(restores, 'restore'))

  const backups = new BackupsService({
    db: deps.db,
    devices: deps.devices,
    users: deps.users,
    jobs: deps.jobs,
    shadows: deps.shadows,
    box: await SecretBox.open(deps.db, 'config-backup-key'),
    expireLater: async (jobId) => {
      await deps.scheduler.send(
        EXPIRE_QUEUE,
        { jobId },
        { startAfter: new Date(Date.now() + BACKUP_JOB_EXPIRY_MS), singletonKey: `expire-${jobId}` },
      )
    },
  })
  const drift = new ConfigDrift({
    db: deps.db,
    shadows: deps.shadows,
    devices: deps.devices,
    settings: deps.settings,
    events: deps.events,
  })
  // A restored device runs what Canopy set: its configuration is the new baseline, not drift.
  deps.events.on('jobExecutionUpdated', async ({ deviceId, thing, operation, execution }) => {
    if (execution.status === 'SUCCEEDED' && operation === RESTORE_OPERATION)
      await drift.adopt(deviceId, thing)
  })
  const schedules = new BackupSchedules({
    db: deps.db,
    scheduler: deps.scheduler,
    backups,
    devices: deps.devices,
    projects: deps.projects,
    reportError: deps.reportError,
  })
  const refusals = new ConfigLinkRefusals(deps.http.log)
  // A fleet's uploads arrive a hundred a second: their devices are read together.
  const devicesById = coalescedRows(
    (ids: number[]) => deps.devices.findByIds(ids),
    (device) => device.id,
  )
  return {
    service: backups,
    drift,
    routes: backupsRoutes({ backups, schedules, drift }),
    metrics: () => ({ refusals: { ...refusals.counts } }),
    async registerRawRoutes(): Promise<void> {
      await registerBackupDeviceRoutes(deps.http, {
        apiRoot: deps.apiRoot,
        backups,
        uploads,
        restores,
        refusals,
        deviceByThing: async (thing) => {
          const ref = await deps.directory.find(thing)
          const [device] = ref ? await devicesById.submit(ref.id) : []
          // An unbound device has no tenant, so no backup to upload or restore.
          return device?.tenantId ? { ...device, tenantId: device.tenantId } : undefined
        },
      })
    },
    /** Works the schedule and expiry queues; every schedule has its next run queued. */
    async start(): Promise<void> {
      await deps.scheduler.work<{ jobId: string }>(EXPIRE_QUEUE, async (job) => {
        await deps.jobs.cancelJob(job.data.jobId)
      })
      await schedules.start()
    },
  }
}
