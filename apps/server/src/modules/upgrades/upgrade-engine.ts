import { UPGRADE_OPERATION } from '@canopy/shared/protocol'
import type { Database } from '../../db/client'
import type { DeviceEvents } from '../../gateway/device-events'
import type { JobsService } from '../../gateway/jobs/jobs.service'
import { coalescedRows } from '../../lib/coalesced'
import { groupBy } from '../../lib/group-by'
import type { Scheduler } from '../../scheduler/scheduler'
import type { DevicesService } from '../devices/devices.service'
import type { MessagesService } from '../messages/messages.service'
import { abortsAt, releaseBudget, UPGRADE_TIMEOUT_MINUTES } from './upgrade-options'
import {
  awaitsStatus,
  cameBackOnOldVersion,
  type DeviceReport,
  ENDED_STATUSES,
  type ExecutionState,
  isEnded,
  verdictOf,
} from './upgrade-verdict'
import {
  type OrderCounts,
  type OrderDeviceRow,
  type OrderRow,
  upgradesRepository,
} from './upgrades.repository'

/** What orders need of firmware packages (modules/firmware's FirmwareService, contract of issue 13). */
export interface FirmwareCatalogue {
  get(
    tenantId: number,
    packageId: number,
  ): Promise<{ id: number; model: string; version: string; size: number; sha256: string } | undefined>
  usableFor(tenantId: number, model: string): Promise<Array<{ version: string }>>
  downloadUrl(packageId: number, thing: string, ttlSeconds?: number): string
}

/** The scheduler's queue of order ticks. */
export const UPGRADE_TICK_QUEUE = 'upgrade-order-tick'
/** An order with work left is looked at again this often, whatever devices say (or fail to say). */
export const TICK_EVERY_MS = 5000
/**
 * Ticks asked for by device events wait this long after the last one, and at least GAP_FACTOR
 * times as long as it took: a tick counts all of the order's devices and locks its row, so back to
 * back on a 10,000-device order they would take the database from device messages and the console.
 */
const MIN_WAKE_GAP_MS = 1000
/** unsent devices read at a time when looking for the next wave's online ones */
const UNSENT_PAGE = 500
const GAP_FACTOR = 3
export const waveJobId = (orderId: number, wave: number) => `upg-${orderId}-${wave}`
export const retryJobId = (orderId: number, wave: number) => `upg-${orderId}-r${wave}`
/** The order a job belongs to, from its id (`upg-<order>-<wave>` or `upg-<order>-r<wave>`). */
export function orderOfJob(jobId: string): number | undefined {
  const match = /^upg-(\d{1,10})-r?\d{1,10}$/.exec(jobId)
  return match ? Number(match[1]) : undefined
}

interface TickPlan {
  /** jobs to create (new waves, and any a crash left uncreated), with their devices */
  create: Array<{ jobId: string; deviceIds: number[] }>
  /** jobs whose queued executions end: the order was canceled, aborted or expired */
  cancel: string[]
  /** whether the order has work left (tick it again) */
  again: boolean
  /** the order finished in this tick: its account hears of it after the commit */
  finished?: { success: number; failed: number }
}

/**
 * The rollout of upgrade orders (issue 13; docs/decisions.md "Upgrades"). Everything it decides is
 * in the database: a tick reads the order's devices and their executions, then — with the order's
 * row locked, so ticks on any instance take turns — judges ended executions, ends the order
 * (aborted, expired, finished) or releases the next wave, and commits; only then does it create
 * the wave's job (its id is the wave's, so a job a crash left uncreated is created by the next
 * tick, and one created twice is refused). Ticks come from the scheduler (the timed start, and
 * every few seconds while an order has work left) and, sooner, from device events.
 */
export class UpgradeEngine {
  /** per order: a tick running, and whether another was asked for meanwhile (latency only) */
  private readonly running = new Map<number, { again: boolean }>()
  private stopped = false
  /** the orders each device coming online is in: one query for a connect storm's batch */
  private readonly activeOrders = coalescedRows(
    (deviceIds: number[]) => upgradesRepository(this.deps.db).activeOrdersOf(deviceIds),
    (row) => row.deviceId,
  )

  constructor(
    private readonly deps: {
      db: Database
      jobs: JobsService
      devices: DevicesService
      firmware: FirmwareCatalogue
      scheduler: Scheduler
      events: DeviceEvents
      /** a finished order is told to the account that made it (a system message, kind 'upgrade') */
      messages: Pick<MessagesService, 'post'>
      /** devices an order has sent and not yet finished, at most (UPGRADE_MAX_IN_FLIGHT) */
      maxInFlight: number
      reportError: (error: unknown, what: string) => void
    },
  ) {}

  /** Works the tick queue, listens to devices, and picks up every order a previous process left. */
  async start(): Promise<void> {
    await this.deps.scheduler.work<{ orderId: number }>(UPGRADE_TICK_QUEUE, async (job) => {
      let again = true
      try {
        again = await this.tick(job.data.orderId)
      } finally {
        // A tick that failed is followed all the same: the chain of ticks never breaks.
        if (again) await this.schedule(job.data.orderId, new Date(Date.now() + TICK_EVERY_MS))
      }
    })
    // An ended execution is judged now; progress on the way needs no tick (the detail reads it).
    this.deps.events.on('jobExecutionUpdated', ({ execution }) => {
      const orderId = orderOfJob(execution.jobId)
      if (orderId !== undefined && ENDED_STATUSES.has(execution.status)) this.wake(orderId)
    })
    this.deps.events.on('online', async ({ deviceId }) => {
      for (const { orderId } of await this.activeOrders.submit(deviceId)) this.wake(orderId)
    })
    for (const order of await upgradesRepository(this.deps.db).unsettled())
      await this.schedule(order.id, order.status === 'scheduled' ? order.startAt : new Date())
  }

  stop(): void {
    this.stopped = true
  }

  /**
   * Queues a tick of the order not before `at`. The key holds one queued tick per order and 5 s
   * slot: a tick queueing its successor (5 s on) never collides with itself.
   */
  async schedule(orderId: number, at: Date): Promise<void> {
    const slot = Math.floor(at.getTime() / TICK_EVERY_MS)
    await this.deps.scheduler.send(
      UPGRADE_TICK_QUEUE,
      { orderId },
      { startAfter: at, singletonKey: `upg-${orderId}-${slot}`, retryLimit: 5, retryDelaySeconds: 2 },
    )
  }

  /**
   * Ticks the order now, in this process; asks made while one runs make one more afterwards,
   * after a gap (MIN_WAKE_GAP_MS).
   */
  wake(orderId: number): void {
    if (this.stopped) return
    const current = this.running.get(orderId)
    if (current) {
      current.again = true
      return
    }
    const state = { again: false }
    this.running.set(orderId, state)
    void (async () => {
      try {
        do {
          state.again = false
          const started = performance.now()
          await this.tick(orderId)
          if (state.again) await pause(Math.max(MIN_WAKE_GAP_MS, (performance.now() - started) * GAP_FACTOR))
        } while (state.again && !this.stopped)
      } catch (error) {
        // The scheduler's tick comes anyway: nothing is lost, it only comes later.
        this.deps.reportError(error, `upgrade order ${orderId}`)
      } finally {
        this.running.delete(orderId)
      }
    })()
  }

  /** One look at an order; true while it has work left. Safe to run twice, or at once anywhere. */
  async tick(orderId: number): Promise<boolean> {
    const repository = upgradesRepository(this.deps.db)
    const order = await repository.find(orderId)
    if (!order) return false
    if (order.status === 'scheduled' && order.startAt.getTime() > Date.now()) {
      await this.schedule(orderId, order.startAt)
      return false
    }
    // Read without locks first: the devices sent and not judged, their executions and reports, and
    // who of the unsent could go now. Never all of an order's devices: on a 10,000-device order
    // that was ~28,000 rows parsed on the main thread every tick.
    const open = await repository.openDevices(orderId)
    const executions = new Map<string, ExecutionState>()
    for (const execution of await this.deps.jobs.latestExecutions([
      ...new Set(open.map((device) => device.jobId!)),
    ]))
      executions.set(`${execution.jobId}:${execution.deviceId}`, execution)
    const executionOf = (device: OrderDeviceRow) => executions.get(`${device.jobId}:${device.deviceId}`)
    // What the open devices run and report (the verdicts).
    const reports = new Map(
      (await this.deps.devices.firmwareOf(open.map((device) => device.deviceId))).map((device) => [
        device.id,
        device,
      ]),
    )
    const ready = await this.onlineUnsent(order)
    await this.settleFlashedOnOldVersion(order, open, executionOf, reports)

    const plan = await this.deps.db.transaction(async (tx): Promise<TickPlan> => {
      const orders = upgradesRepository(tx)
      const locked = await orders.find(orderId, { lock: true })
      if (!locked) return { create: [], cancel: [], again: false }
      let finished: TickPlan['finished']
      const expired = Date.now() >= locked.windowEnd.getTime()
      const closedBy = expired && locked.status === 'running' ? 'expiry' : 'cancel'
      const verdicts = open.flatMap((device) => {
        const execution = executionOf(device)
        if (!execution || !isEnded(execution)) return []
        const runs = reports.get(device.deviceId)?.firmware ?? null
        if (awaitsStatus(execution, locked.targetVersion, runs)) return []
        const verdict = verdictOf(execution, locked.targetVersion, runs, closedBy)
        return [{ deviceId: device.deviceId, jobId: device.jobId!, ...verdict }]
      })
      await orders.judge(orderId, verdicts)
      let status = locked.status
      if (status === 'scheduled') {
        status = 'running'
        await orders.setStatus(orderId, 'running')
      }
      const create: TickPlan['create'] = []
      if (status === 'running') {
        let counts = await orders.counts(orderId)
        if (expired) {
          await orders.expireUnsent(orderId)
        } else if (counts.canaryFailed > 0) {
          status = 'aborted'
          await orders.setStatus(orderId, 'aborted', { endReason: 'canary_failed' })
        } else if (counts.unsent > 0 && abortsAt(locked.options, counts)) {
          // Abort stops what is left to send: with nothing left (a retry) it has nothing to stop.
          status = 'aborted'
          await orders.setStatus(orderId, 'aborted', { endReason: 'failure_rate' })
        } else {
          const wave = await this.releaseWave(orders, locked, counts, ready)
          if (wave) create.push(wave)
        }
        counts = await orders.counts(orderId)
        if (counts.unsent === 0 && counts.inFlight === 0) {
          status = 'finished'
          await orders.setStatus(orderId, 'finished', { finished: true })
          finished = { success: counts.success, failed: counts.failed }
        }
      }
      // Jobs a crash (or a retry) left uncreated: devices sent with a job nobody made yet.
      const uncreated = open.filter((device) => !executionOf(device))
      for (const [jobId, deviceIds] of groupBy(
        uncreated,
        (device) => device.jobId!,
        (device) => device.deviceId,
      ))
        if (!create.some((wave) => wave.jobId === jobId)) create.push({ jobId, deviceIds })
      const ending = status !== 'running' || expired
      const cancel = ending
        ? [
            ...new Set(
              open
                .filter((device) => executionOf(device)?.status === 'QUEUED')
                .map((device) => device.jobId!),
            ),
          ]
        : []
      const stillOpen = (await orders.hasOpenDevices([orderId])) || create.length > 0
      if (!stillOpen && status !== 'running') await orders.markFinished(orderId)
      return { create, cancel, again: status === 'running' || stillOpen, ...(finished ? { finished } : {}) }
    })
    if (plan.finished && order.createdBy !== null)
      // After the commit: a failure to post is the operator's to see, never the rollout's.
      await this.deps.messages
        .post({
          tenantId: order.tenantId,
          accountIds: [order.createdBy],
          kind: 'upgrade',
          titleKey: 'messageTitles.upgradeFinished',
          params: { order: order.orderNo, ...plan.finished },
          link: '/maintain/upgrade',
        })
        .catch((error) => this.deps.reportError(error, 'upgrade finished: system message'))

    for (const wave of plan.create) await this.createWaveJob(order, wave)
    for (const jobId of plan.cancel) await this.deps.jobs.cancelJob(jobId)
    return plan.again
  }

  /**
   * The first of the unsent devices that are online, in release order, as many as a wave could
   * take now, read a page at a time (offline devices wait for their turn until the window ends).
   * Outside the order's transaction: whether a device is online is the devices service's to say,
   * on connections of its own. The transaction takes those still unsent (`releaseWave`).
   */
  private async onlineUnsent(order: OrderRow): Promise<number[]> {
    const repository = upgradesRepository(this.deps.db)
    const counts = await repository.counts(order.id)
    const { canaryOnly, budget } = this.releaseLimits(order, counts)
    if (budget <= 0 || counts.unsent === 0) return []
    const limit = Number.isFinite(budget) ? Math.max(2 * budget, UNSENT_PAGE) : UNSENT_PAGE
    const ready: number[] = []
    for (let after = -1; ; ) {
      const page = await repository.unsent(order.id, canaryOnly, { after, limit })
      const online = await this.deps.devices.onlineAmong(page.map((device) => device.deviceId))
      for (const device of page)
        if (online.has(device.deviceId) && ready.length < budget) ready.push(device.deviceId)
      if (ready.length >= budget || page.length < limit) return ready
      after = page.at(-1)!.position
    }
  }

  /** Which devices a wave may take now, and how many: read before the tick's lock and again under it. */
  private releaseLimits(order: OrderRow, counts: OrderCounts) {
    return {
      // The canary wave must finish, without a failure, before the rest goes.
      canaryOnly: counts.canaryTotal > 0 && counts.canaryOpen > 0,
      budget: releaseBudget(order.options, counts, this.deps.maxInFlight),
    }
  }

  /** Marks the next devices sent, in one wave; undefined when none may go now. */
  private async releaseWave(
    orders: ReturnType<typeof upgradesRepository>,
    order: OrderRow,
    counts: OrderCounts,
    ready: number[],
  ): Promise<{ jobId: string; deviceIds: number[] } | undefined> {
    const { canaryOnly, budget } = this.releaseLimits(order, counts)
    if (budget <= 0) return undefined
    // Those still unsent now that the order is locked (another tick may have sent some).
    const chosen = (await orders.unsentAmong(order.id, ready, canaryOnly)).slice(
      0,
      Number.isFinite(budget) ? budget : undefined,
    )
    if (chosen.length === 0) return undefined
    const wave = order.waves + 1
    const jobId = waveJobId(order.id, wave)
    await orders.release(order.id, chosen, wave, jobId)
    return { jobId, deviceIds: chosen }
  }

  /** Creates a wave's job; one already created (by another tick, before a crash) is left as it is. */
  private async createWaveJob(order: OrderRow, wave: { jobId: string; deviceIds: number[] }): Promise<void> {
    if (await this.deps.jobs.job(wave.jobId)) return
    const pkg = await this.deps.firmware.get(order.tenantId, order.packageId)
    if (!pkg) throw new Error(`upgrade order ${order.id}: package ${order.packageId} is gone`)
    const [first] = await this.deps.devices.firmwareOf(wave.deviceIds.slice(0, 1))
    try {
      await this.deps.jobs.createJob({
        jobId: wave.jobId,
        tenantId: order.tenantId,
        document: {
          operation: UPGRADE_OPERATION,
          firmware: {
            model: pkg.model,
            version: pkg.version,
            // One document per wave: the link is signed for its first device, valid an hour.
            url: this.deps.firmware.downloadUrl(pkg.id, first!.thing),
            size: pkg.size,
            sha256: pkg.sha256,
          },
        },
        deviceIds: wave.deviceIds,
        inProgressTimeoutInMinutes: UPGRADE_TIMEOUT_MINUTES,
        ...(order.createdBy === null ? {} : { createdBy: order.createdBy }),
        action: 'device.upgrade',
        detail: {
          order_id: order.id,
          order_no: order.orderNo,
          version: order.targetVersion,
          job_id: wave.jobId,
        },
      })
    } catch (error) {
      // Another tick created it between our look and now: the same job, nothing to do.
      if (await this.deps.jobs.job(wave.jobId)) return
      throw error
    }
  }

  /** Devices back on another version than the target after flashing: FAILED, old_version. */
  private async settleFlashedOnOldVersion(
    order: OrderRow,
    open: OrderDeviceRow[],
    executionOf: (device: OrderDeviceRow) => ExecutionState | undefined,
    reports: Map<number, DeviceReport>,
  ): Promise<void> {
    for (const device of open) {
      const execution = executionOf(device)
      const report = reports.get(device.deviceId)
      if (!execution || !report || !cameBackOnOldVersion(execution, report, order.targetVersion)) continue
      await this.deps.jobs.settleExecution(device.jobId!, device.deviceId, {
        ...execution.statusDetails,
        reason: 'old_version',
        firmware: report.firmware ?? '',
      })
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}
