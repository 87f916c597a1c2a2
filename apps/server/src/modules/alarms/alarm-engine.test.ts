import type { JobExecution, TelemetryMessage } from '@canopy/shared/protocol'
import { type AlarmCategory, type AlarmRules, DEFAULT_ALARM_RULES } from '@canopy/shared/validation'
import { profileOf } from '@canopy/simulator'
import { desc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { giveToTenant, importSimulatedCatalogue, registerDevice, signedInTenant } from '../../../test/devices'
import { isolatedDatabase } from '../../../test/isolated-database'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { ChangeFeed } from '../../db/change-feed'
import { DeviceEvents } from '../../gateway/device-events'
import type { ScheduledJob, Scheduler } from '../../scheduler/scheduler'
import type { NewMessage } from '../messages/messages.service'
import { ProjectDirectory } from '../projects/project-directory'
import { AlarmEngine } from './alarm-engine'
import { AlarmNotifier } from './alarm-notifier'
import { AlarmReceivers } from './alarm-receivers'
import { AlarmSettingsDirectory } from './alarm-settings-directory'
import { alarmsRepository } from './alarms.repository'
import { alarms } from './alarms.schema'

/**
 * The engine against the real database, with a clock and a scheduler the test moves: each
 * category fires only after its interval, once, recovers, waits out a mute, and a device
 * flapping faster than its interval never fires. A second engine on the same database plays the
 * process after `kill -9`.
 */
const MINUTE = 60_000

/** Runs queued jobs whose time has come, like pg-boss would (a key holds one unfinished job). */
class ManualScheduler implements Scheduler {
  private handler: ((job: ScheduledJob<{ alarmId: number }>) => Promise<void>) | undefined
  queued: Array<{ data: { alarmId: number }; at: number; key?: string }> = []
  async work<T extends object>(_queue: string, handler: (job: ScheduledJob<T>) => Promise<void>) {
    this.handler = handler as never
  }
  async send<T extends object>(
    _queue: string,
    data: T,
    options?: { startAfter?: Date; singletonKey?: string },
  ) {
    const key = options?.singletonKey
    if (key && this.queued.some((job) => job.key === key)) return null
    this.queued.push({ data: data as never, at: options?.startAfter?.getTime() ?? 0, key })
    return 'job'
  }
  async sendMany<T extends object>(
    queue: string,
    jobs: Array<{ data: T; options?: { startAfter?: Date; singletonKey?: string } }>,
  ) {
    for (const { data, options } of jobs) await this.send(queue, data, options)
  }
  async cancel() {}
  async stop() {}
  /** jobs whose handler threw: queued again, as pg-boss retries them */
  failed = 0
  /** One after another, or `together` as pg-boss runs a claimed batch (side by side). */
  async runDue(now: number, together = false) {
    const due = this.queued.filter((job) => job.at <= now)
    this.queued = this.queued.filter((job) => job.at > now)
    const run = (job: (typeof due)[number]) =>
      this.handler!({ id: 'job', data: job.data }).catch(() => {
        this.failed += 1
        this.queued.push(job)
      })
    if (together) await Promise.all(due.map(run))
    else for (const job of due) await run(job)
  }
}

const report = (overrides: Partial<TelemetryMessage> = {}): TelemetryMessage => ({
  uptime: 100,
  cpu: 10,
  mem: 30,
  clients: 3,
  wan: { ip: '10.0.0.2' },
  lte: { signal: -80 },
  ...overrides,
})

describe('alarm engine', () => {
  let app: TestApp
  let tenantId: number
  let ownerId: number
  let clock: number
  let scheduler: ManualScheduler
  let posted: NewMessage[]
  /** how many posts the messages were filed in */
  let posts: number
  /** posts to refuse before the next one files (the database refusing the transaction) */
  let failPosts: number
  let engine: AlarmEngine
  let deviceId: number
  let settings: AlarmSettingsDirectory
  let changes: ChangeFeed

  const build = async () => {
    const db = app.database.db
    const projects = new ProjectDirectory(db, changes)
    settings = new AlarmSettingsDirectory({ db, changes, projects })
    const receivers = new AlarmReceivers({ db, users: app.services.users, projects })
    const messages = {
      postEach: async (batch: NewMessage[]) => {
        if (failPosts > 0) {
          failPosts -= 1
          throw new Error('the messages could not be filed')
        }
        posts += 1
        posted.push(...batch)
      },
    }
    const notifier = new AlarmNotifier({ db, messages, devices: app.services.devices, settings, receivers })
    const built = new AlarmEngine({
      db,
      events: new DeviceEvents(() => {}),
      scheduler,
      changes,
      devices: app.services.devices,
      settings,
      notifier,
      reportError: (error) => {
        throw error
      },
      now: () => new Date(clock),
    })
    await built.start()
    return built
  }
  const rules = (changed: Partial<Record<AlarmCategory, Partial<AlarmRules[AlarmCategory]>>>): AlarmRules => {
    const out = structuredClone(DEFAULT_ALARM_RULES)
    for (const [category, rule] of Object.entries(changed))
      Object.assign(out[category as AlarmCategory], rule)
    return out
  }
  const setRules = async (value: AlarmRules, mutedUntil: Date | null = null) => {
    await alarmsRepository(app.database.db).upsertSetting(
      tenantId,
      { deviceId },
      { rules: value, mutedUntil },
    )
    settings.forget(tenantId)
  }
  const telemetry = (overrides: Partial<TelemetryMessage> = {}) =>
    engine.onTelemetry({ deviceId, thing: 'thing', at: new Date(clock), telemetry: report(overrides) })
  const advance = async (ms: number) => {
    clock += ms
    await scheduler.runDue(clock)
  }
  const alarmsOf = () =>
    app.database.db
      .select({ category: alarms.category, state: alarms.state })
      .from(alarms)
      .where(eq(alarms.deviceId, deviceId))
      .orderBy(alarms.id)
  const kinds = () => posted.map((message) => `${message.kind}:${message.titleKey.split('.').at(-1)}`)

  let database: Awaited<ReturnType<typeof isolatedDatabase>>

  beforeAll(async () => {
    // A database of its own: an app another test file starts on the run's database resumes the
    // unfinished alarms it finds there (as after a crash), and would fire this file's under it.
    database = await isolatedDatabase()
    app = await createTestApp({ database })
    await importSimulatedCatalogue(app)
    const tenant = await signedInTenant(app)
    tenantId = tenant.tenantId
    ownerId = tenant.accountId
    changes = new ChangeFeed(undefined)
  }, 60_000)

  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  beforeEach(async () => {
    // A device of its own for each test: nothing one leaves open reaches the next.
    const device = await registerDevice(app, profileOf('CAP-1200'))
    deviceId = await giveToTenant(app, tenantId, device.thingName)
    clock = Date.now()
    scheduler = new ManualScheduler()
    posted = []
    posts = 0
    failPosts = 0
    engine = await build()
  })

  it('fires a CPU alarm only after it held for its interval, once, and recovers', async () => {
    await setRules(rules({ cpu: { enabled: true, threshold: 80, interval: 3 } }))
    await telemetry({ cpu: 95 })
    expect(await alarmsOf()).toEqual([{ category: 'cpu', state: 'pending' }])
    await advance(2 * MINUTE)
    await telemetry({ cpu: 96 })
    expect(posted).toEqual([])
    await advance(MINUTE)
    expect(await alarmsOf()).toEqual([{ category: 'cpu', state: 'active' }])
    await telemetry({ cpu: 97 })
    await advance(5 * MINUTE)
    expect(kinds()).toEqual(['alarm:cpu'])
    expect(posted[0]).toMatchObject({
      tenantId,
      accountIds: [ownerId],
      params: { value: 95, threshold: 80 },
      link: `/device/detail?id=${deviceId}`,
    })
    await telemetry({ cpu: 20 })
    expect(kinds()).toEqual(['alarm:cpu', 'recovery:cpu'])
    expect(await alarmsOf()).toEqual([{ category: 'cpu', state: 'recovered' }])
  })

  it('reads each telemetry category against its threshold', async () => {
    await setRules(
      rules({
        memory: { enabled: true, threshold: 50.5, interval: 1 },
        clients: { enabled: true, threshold: 10, interval: 1 },
        signal: { enabled: true, threshold: -100, interval: 1 },
        wan_down: { enabled: true, interval: 1 },
      }),
    )
    await telemetry({ mem: 50.5, clients: 10, lte: { signal: -100 } })
    expect(await alarmsOf()).toEqual([])
    await telemetry({ mem: 50.501, clients: 11, lte: { signal: -101 }, wan: {} })
    await advance(MINUTE)
    expect(kinds().sort()).toEqual(['alarm:clients', 'alarm:memory', 'alarm:signal', 'alarm:wan_down'])
    await telemetry()
    expect(
      kinds()
        .filter((kind) => kind.startsWith('recovery'))
        .sort(),
    ).toEqual(['recovery:clients', 'recovery:memory', 'recovery:signal', 'recovery:wan_down'])
  })

  it('fires offline after its interval and recovers when the device is back', async () => {
    await setRules(rules({ offline: { enabled: true, interval: 1 } }))
    await engine.onOffline({ deviceId, reason: 'status' })
    await advance(MINUTE)
    expect(kinds()).toEqual(['alarm:offline'])
    await engine.onOnline({ deviceId, thing: 'thing' })
    expect(kinds()).toEqual(['alarm:offline', 'recovery:offline'])
  })

  it('never fires for a device going offline and online every 30 s against a 3-minute interval', async () => {
    await setRules(rules({ offline: { enabled: true, interval: 3 } }))
    for (let round = 0; round < 20; round++) {
      await engine.onOffline({ deviceId, reason: 'silent' })
      await advance(30_000)
      await engine.onOnline({ deviceId, thing: 'thing' })
      await advance(30_000)
    }
    await advance(10 * MINUTE)
    expect(posted).toEqual([])
    expect(await alarmsOf()).toEqual([])
  })

  it('fires a WAN IP change and a failed upgrade at once; the upgrade recovers when one succeeds', async () => {
    await setRules(rules({ wan_ip_changed: { enabled: true }, upgrade_failed: { enabled: true } }))
    await telemetry({ wan: { ip: '10.0.0.2' } })
    await telemetry({ wan: { ip: '10.0.0.9' } })
    const execution = (status: JobExecution['status']) =>
      ({
        jobId: 'upg-1-1',
        thingName: 'thing',
        status,
        statusDetails: { reason: 'download_failed' },
      }) as unknown as JobExecution
    await engine.onJobExecution({
      deviceId,
      thing: 'thing',
      operation: 'upgrade',
      execution: execution('FAILED'),
    })
    await advance(0)
    expect(kinds().sort()).toEqual(['alarm:upgrade_failed', 'alarm:wan_ip_changed'])
    expect(posted.find((message) => message.titleKey.endsWith('wan_ip_changed'))!.params.detail).toBe(
      '10.0.0.2 → 10.0.0.9',
    )
    await engine.onJobExecution({
      deviceId,
      thing: 'thing',
      operation: 'upgrade',
      execution: execution('SUCCEEDED'),
    })
    expect(kinds()).toContain('recovery:upgrade_failed')
    // A WAN IP change stays until acknowledged: no report recovers it.
    await telemetry({ wan: { ip: '10.0.0.9' } })
    expect(await alarmsOf()).toContainEqual({ category: 'wan_ip_changed', state: 'active' })
  })

  /** A second device of the tenant; both alarm on a WAN IP change. */
  async function secondDeviceAlarmingOnWanIp(): Promise<number> {
    const other = await giveToTenant(
      app,
      tenantId,
      (await registerDevice(app, profileOf('CAP-1200'))).thingName,
    )
    const wanIp = rules({ wan_ip_changed: { enabled: true } })
    await setRules(wanIp)
    await alarmsRepository(app.database.db).upsertSetting(tenantId, { deviceId: other }, { rules: wanIp })
    settings.forget(tenantId)
    return other
  }
  const changeIp = (id: number, ip: string) =>
    engine.onTelemetry({
      deviceId: id,
      thing: `t${id}`,
      at: new Date(clock),
      telemetry: report({ wan: { ip } }),
    })

  it('fires the jobs run side by side as one batch: one post, each device its message to its receiver', async () => {
    const other = await secondDeviceAlarmingOnWanIp()
    for (const id of [deviceId, other]) {
      for (const ip of ['10.0.0.2', '10.0.0.7']) await changeIp(id, ip)
    }
    await scheduler.runDue(clock, true)
    expect(posts).toBe(1)
    expect(posted.map((message) => [message.link, message.accountIds])).toEqual(
      expect.arrayContaining([
        [`/device/detail?id=${deviceId}`, [ownerId]],
        [`/device/detail?id=${other}`, [ownerId]],
      ]),
    )
    expect(posted).toHaveLength(2)
    expect(engine.openOf(other).get('wan_ip_changed')?.state).toBe('active')
    const rows = await app.database.db
      .select({ state: alarms.state, notified: alarms.notified })
      .from(alarms)
      .where(inArray(alarms.deviceId, [deviceId, other]))
    expect(rows).toEqual([
      { state: 'active', notified: true },
      { state: 'active', notified: true },
    ])
  })

  it('posts a fired alarm whose post failed: a batch alarm by alarm, a lone job on its retry', async () => {
    const other = await secondDeviceAlarmingOnWanIp()
    for (const id of [deviceId, other]) {
      await changeIp(id, '10.0.0.2')
      await changeIp(id, '10.0.0.7')
    }
    // The batch's one post fails after its update: each alarm is then fired alone, and posted.
    failPosts = 1
    await scheduler.runDue(clock, true)
    expect(scheduler.failed).toBe(0)
    expect(posted.map((message) => message.link).sort()).toEqual(
      [`/device/detail?id=${deviceId}`, `/device/detail?id=${other}`].sort(),
    )
    // A lone job whose post fails fails; its retry posts the alarm it fired. (Acknowledged, the
    // change closes; an engine started again reads the open alarms without it.)
    const open = engine.openOf(other).get('wan_ip_changed')!.id!
    await alarmsRepository(app.database.db).acknowledge({ tenantId }, [open], ownerId)
    engine = await build()
    posted = []
    await changeIp(other, '10.0.0.8')
    await changeIp(other, '10.0.0.9')
    failPosts = 1
    await scheduler.runDue(clock)
    expect(scheduler.failed).toBe(1)
    expect(posted).toEqual([])
    await scheduler.runDue(clock)
    expect(posted.map((message) => message.params.detail)).toEqual(['10.0.0.8 → 10.0.0.9'])
    const [row] = await app.database.db
      .select({ state: alarms.state, notified: alarms.notified })
      .from(alarms)
      .where(eq(alarms.deviceId, other))
      .orderBy(desc(alarms.id))
      .limit(1)
    expect(row).toEqual({ state: 'active', notified: true })
  })

  it('fires configuration drift once it held its interval, and recovers when the device is back in line', async () => {
    await setRules(rules({ drift: { enabled: true, interval: 5 } }))
    // Put right (accepted or put back) within the interval: nothing fires.
    await engine.onDrift({ deviceId, drifted: true })
    await advance(4 * MINUTE)
    await engine.onDrift({ deviceId, drifted: false })
    await advance(5 * MINUTE)
    expect(posted).toEqual([])
    expect(await alarmsOf()).toEqual([])
    await engine.onDrift({ deviceId, drifted: true })
    await advance(4 * MINUTE)
    expect(posted).toEqual([])
    await advance(MINUTE)
    expect(kinds()).toEqual(['alarm:drift'])
    expect(posted[0]!.titleKey).toBe('alarmMessages.fired.drift')
    await engine.onDrift({ deviceId, drifted: false })
    expect(kinds()).toEqual(['alarm:drift', 'recovery:drift'])
    expect(await alarmsOf()).toEqual([{ category: 'drift', state: 'recovered' }])
  })

  it('does not open drift while its rule is off', async () => {
    await setRules(rules({ cpu: { enabled: true } }))
    await engine.onDrift({ deviceId, drifted: true })
    await advance(10 * MINUTE)
    expect(posted).toEqual([])
    expect(await alarmsOf()).toEqual([])
  })

  it('waits out a mute, then fires if the condition still holds', async () => {
    await setRules(
      rules({ cpu: { enabled: true, threshold: 50, interval: 1 } }),
      new Date(clock + 10 * MINUTE),
    )
    await telemetry({ cpu: 90 })
    await advance(MINUTE)
    await telemetry({ cpu: 90 })
    await advance(5 * MINUTE)
    expect(posted).toEqual([])
    await telemetry({ cpu: 90 })
    await advance(5 * MINUTE)
    expect(kinds()).toEqual(['alarm:cpu'])
  })

  it('drops a pending condition whose rule was switched off before it fired', async () => {
    await setRules(rules({ offline: { enabled: true, interval: 3 } }))
    await engine.onOffline({ deviceId, reason: 'status' })
    await setRules(rules({}))
    await advance(3 * MINUTE)
    expect(posted).toEqual([])
    expect(await alarmsOf()).toEqual([])
  })

  it('after a kill -9: a pending condition fires once on time, an unposted alarm is posted, nothing twice', async () => {
    await setRules(
      rules({ offline: { enabled: true, interval: 3 }, cpu: { enabled: true, threshold: 50, interval: 1 } }),
    )
    await telemetry({ cpu: 99 })
    await engine.onOffline({ deviceId, reason: 'silent' })
    // The process dies: its queued jobs are lost with this scheduler, the rows stay.
    scheduler = new ManualScheduler()
    const restarted = await build()
    await advance(MINUTE)
    expect(kinds()).toEqual(['alarm:cpu'])
    await advance(2 * MINUTE)
    expect(kinds()).toEqual(['alarm:cpu', 'alarm:offline'])
    // A row fired but not posted (killed between the two) is posted by the next start.
    await app.database.db.execute(
      `update alarms set notified = false where device_id = ${deviceId} and category = 'offline'`,
    )
    scheduler = new ManualScheduler()
    await build()
    await advance(10 * MINUTE)
    expect(kinds()).toEqual(['alarm:cpu', 'alarm:offline', 'alarm:offline'])
    expect(await alarmsOf()).toEqual(
      expect.arrayContaining([
        { category: 'cpu', state: 'active' },
        { category: 'offline', state: 'active' },
      ]),
    )
    expect(restarted.openOf(deviceId).size).toBe(2)
  })
})
