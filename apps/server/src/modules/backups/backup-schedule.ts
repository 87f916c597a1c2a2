import { ErrorCode } from '@canopy/shared/errors'
import { can, permits } from '@canopy/shared/permissions'
import { subtreeIds } from '@canopy/shared/project-tree'
import type { BackupScheduleRequest } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import type { Scheduler } from '../../scheduler/scheduler'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import type { ProjectDirectory } from '../projects/project-directory'
import { backupsRepository, type ScheduleRow } from './backups.repository'
import type { BackupsService } from './backups.service'

export const BACKUP_RUN_QUEUE = 'backup-schedule-run'
const DAY_MS = 86_400_000

/** The next time a schedule runs after `from` (UTC): today's or tomorrow's time, or the next weekday's. */
export function nextRun(schedule: Pick<ScheduleRow, 'frequency' | 'weekday' | 'time'>, from: Date): Date {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number]
  const at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), hour, minute))
  while (
    at.getTime() <= from.getTime() ||
    (schedule.frequency === 'weekly' && at.getUTCDay() !== schedule.weekday)
  )
    at.setTime(at.getTime() + DAY_MS)
  return at
}

/** A run's job id: one per project and time, so a run attempted twice (after a crash) is one job. */
export function scheduledJobId(projectId: number, at: Date): string {
  return `bks-${projectId}-${at.toISOString().slice(0, 16).replace(/[-:T]/g, '')}`
}

/**
 * Scheduled project backups (issue 14): each run is a scheduler job (a row that survives kill -9)
 * for one project and time. It backs up every device of the project and its sub-projects as one
 * backup run whose job id the project and time decide, then queues the next run; run again after
 * a crash, it finds that job and creates nothing twice: one backup per device per run.
 */
export class BackupSchedules {
  constructor(
    private readonly deps: {
      db: Database
      scheduler: Scheduler
      backups: BackupsService
      devices: DevicesService
      projects: ProjectDirectory
      reportError: (error: unknown, what: string) => void
    },
  ) {}

  async start(): Promise<void> {
    await this.deps.scheduler.work<{ projectId: number; at: string }>(BACKUP_RUN_QUEUE, (job) =>
      this.run(job.data.projectId, new Date(job.data.at)),
    )
    // Every schedule has its next run queued (the key makes a second one nothing).
    for (const schedule of await backupsRepository(this.deps.db).allSchedules())
      await this.queue(schedule, new Date())
  }

  async get(principal: Principal, gid: number) {
    await this.requireProject(principal, gid, false)
    const schedule = await backupsRepository(this.deps.db).schedule(gid)
    if (!schedule) return { gid, frequency: 'off' as const, weekday: null, time: '03:00', next_run: null }
    return {
      gid,
      frequency: schedule.frequency,
      weekday: schedule.weekday,
      time: schedule.time,
      next_run: nextRun(schedule, new Date()).toISOString(),
    }
  }

  async set(principal: Principal, request: BackupScheduleRequest) {
    const project = await this.requireProject(principal, request.gid, true)
    const repository = backupsRepository(this.deps.db)
    if (request.frequency === 'off') {
      await repository.removeSchedule(project.id)
      return this.get(principal, request.gid)
    }
    const row = {
      projectId: project.id,
      tenantId: principal.account.tenantId,
      frequency: request.frequency,
      weekday: request.frequency === 'weekly' ? (request.weekday ?? 0) : null,
      time: request.time.slice(0, 5),
      updatedBy: principal.account.id,
    }
    await repository.saveSchedule(row)
    await this.queue(row, new Date())
    return this.get(principal, request.gid)
  }

  /** One run: skipped when the schedule was removed or now names another time. */
  async run(projectId: number, at: Date): Promise<void> {
    const schedule = await backupsRepository(this.deps.db).schedule(projectId)
    if (!schedule) return
    const due = nextRun(schedule, new Date(at.getTime() - 1))
    if (due.getTime() === at.getTime()) {
      const projects = await this.deps.projects.projectsOf(schedule.tenantId)
      const inProjects = await this.deps.devices.inProjects(schedule.tenantId, [
        ...subtreeIds(projects, [projectId]),
      ])
      const deviceIds = inProjects.map((device) => device.id)
      if (deviceIds.length > 0)
        await this.deps.backups.startRun({
          tenantId: schedule.tenantId,
          deviceIds,
          takenBy: null,
          source: 'schedule',
          jobId: scheduledJobId(projectId, at),
        })
    }
    // The next one from now: a run that was late (the server was down) is not followed by every
    // run it missed.
    await this.queue(schedule, new Date(Math.max(at.getTime(), Date.now())))
  }

  private async queue(
    schedule: Pick<ScheduleRow, 'projectId' | 'frequency' | 'weekday' | 'time'>,
    from: Date,
  ) {
    const at = nextRun(schedule, from)
    await this.deps.scheduler.send(
      BACKUP_RUN_QUEUE,
      { projectId: schedule.projectId, at: at.toISOString() },
      {
        startAfter: at,
        singletonKey: scheduledJobId(schedule.projectId, at),
        retryLimit: 5,
        retryDelaySeconds: 5,
      },
    )
  }

  /** A project the caller sees; to change its schedule, with the backup function. */
  private async requireProject(principal: Principal, gid: number, change: boolean) {
    const scope = await this.deps.devices.scope(principal)
    const project = scope.require(gid)
    if (change && !permits(principal.access, can.device('backup')))
      throw new AppError(ErrorCode.NO_PERMISSION)
    return project
  }
}
