import { DEFAULT_ALARM_RULES, type MessageView } from '@canopy/shared/validation'
import type { Fleet } from '@canopy/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../../test/devices'
import { rootProjectOf, signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import type { AlarmView } from './alarms.service'

/**
 * Configuration drift as an alarm, through the real path: a virtual device changed on site
 * (the simulator's local change) drifts from what Canopy set (backups' ConfigDrift), the drift
 * holds its interval (§9's shortest, a minute), the alarm fires as a system message; accepting
 * the running configuration puts the device back in line and the recovery is told.
 */
describe('configuration drift alarm', () => {
  let app: TestApp
  let fleet: Fleet
  let owner: Awaited<ReturnType<typeof signedInAccount>>
  let deviceId: number

  const ok = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token: owner.token, body })
  const messages = () => ok<{ list: MessageView[] }>('/backend/msg/list', { pageIndex: 1, pageOffset: 50 })
  const titles = async () => (await messages()).list.map((message) => message.titleKey)

  beforeAll(async () => {
    app = await createTestApp()
    owner = await signedInAccount(app)
    fleet = await startTestFleet(app, { count: 1, seed: 1515, models: ['CAP-1200'], failureRate: 0 })
    deviceId = await bindDevice(
      app,
      owner.token,
      fleet.devices[0]!.mac,
      await rootProjectOf(app, owner.token),
    )
    // The device's first report is its baseline: drift is measured from it.
    await eventually(
      () => app.database.db.execute(sql`select 1 from config_baselines where device_id = ${deviceId}`),
      (result) => result.rows.length === 1,
    )
  }, 120_000)

  afterAll(async () => {
    await fleet?.stop()
    await app?.close()
  })

  it('fires when a change made on the device holds its interval, and recovers when it is accepted', async () => {
    await ok('/backend/device/alarm/set', {
      id: deviceId,
      rules: { ...DEFAULT_ALARM_RULES, drift: { enabled: true, interval: 1 } },
    })
    const changedAt = Date.now()
    await fleet.devices[0]!.changeLocally({ wifi: { '2g': { ssid: 'Changed-On-Site' } } })
    await eventually(
      () => ok<{ drifted: boolean }>('/backend/backup/drift/info', { id: deviceId }),
      (state) => state.drifted,
    )
    const active = await eventually(
      () =>
        ok<{ list: AlarmView[] }>('/backend/alarm/list', {
          state: 'active',
          category: 'drift',
          pageIndex: 1,
          pageOffset: 10,
        }),
      (page) => page.list.some((alarm) => alarm.device_id === deviceId),
      100_000,
    )
    // Not before the drift held its minute.
    const alarm = active.list.find((row) => row.device_id === deviceId)!
    expect(new Date(alarm.fired_at!).getTime() - changedAt).toBeGreaterThanOrEqual(59_000)
    await eventually(titles, (keys) => keys.includes('alarmMessages.fired.drift'))

    await ok('/backend/backup/drift/accept', { id: deviceId })
    await eventually(titles, (keys) => keys.includes('alarmMessages.recovered.drift'))
    const history = await ok<{ list: AlarmView[] }>('/backend/alarm/list', {
      state: 'history',
      category: 'drift',
      pageIndex: 1,
      pageOffset: 10,
    })
    expect(history.list.find((row) => row.id === alarm.id)?.recovered_at).toBeTruthy()
  }, 150_000)
})
