import { ErrorCode } from '@canopy/shared/errors'
import { SHADOW_MAX_BYTES } from '@canopy/shared/protocol'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../../test/devices'
import { signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import type { Principal } from '../auth/principal'
import { devicesRepository } from '../devices/devices.repository'
import { OperationLog } from '../operations/operation-log'
import { asReported } from './secrets'
import { settingsRepository } from './settings.repository'

// Issue 11, item 3: "in sync" and "success" are only ever what the device reported, and a
// change is recorded together with its desired state, or not at all.

let app: TestApp
let owner: Awaited<ReturnType<typeof signedInAccount>>
/** devices that apply what they are sent at once */
let quick: Fleet
/** a device that takes a minute to apply: what happens meanwhile is up to the test */
let slow: Fleet
const ids = new Map<VirtualDevice, number>()

beforeAll(async () => {
  app = await createTestApp()
  owner = await signedInAccount(app)
  const gid = (
    await app.ok<Array<{ gid: number }>>({
      path: '/backend/workgroup/all',
      token: owner.token,
      query: { tree: '1' },
    })
  )[0]!.gid
  quick = await startTestFleet(app, { count: 2, models: ['CAP-1200'], failureRate: 0 })
  slow = await startTestFleet(app, { count: 1, models: ['CAP-1200'], applyDelayMs: [60_000, 60_000] })
  for (const device of [...quick.devices, ...slow.devices])
    ids.set(device, await bindDevice(app, owner.token, device.mac, gid))
})
afterAll(async () => {
  await quick.stop()
  await slow.stop()
  await app.close()
})

const idOf = (device: VirtualDevice) => ids.get(device)!
const post = <T>(path: string, body: unknown) =>
  app.call<T>({ method: 'POST', path, token: owner.token, body })
interface SettingsState {
  sections: Array<{ section: string; status: string; operation_id: number }>
  desired: { system?: { led?: boolean } }
  reported: { system?: { led?: boolean } }
}
const state = async (id: number) =>
  (await post<SettingsState>('/backend/device/settings', { id })).envelope.data
const system = async (id: number) => (await state(id)).sections.find((row) => row.section === 'system')
const operation = (id: number) =>
  app.call<{ result: string; targets: Array<{ status: string; reason: string | null }> }>({
    path: '/backend/device/operation',
    token: owner.token,
    query: { id: String(id) },
  })
const shadowUpdate = (device: VirtualDevice, state: unknown) =>
  app.gateway.shadows.handleUpdate(device.thing, Buffer.from(JSON.stringify({ state })))
const reportedLed = (device: VirtualDevice) => (device.reported.system as { led: boolean }).led

describe('a section is in sync only when the device reports the change', () => {
  it('a device that publishes its own desired state, or something else, settles nothing', async () => {
    const [device] = slow.devices
    const id = idOf(device!)
    const led = !reportedLed(device!)
    const answer = await post<{ operation_id: number }>('/backend/device/setleds', { ids: [id], led })
    expect(answer.envelope.status).toBe(10000)
    await eventually(
      () => system(id),
      (row) => row?.status === 'applying',
    )

    // Desired set back to what the device shows (AWS lets a device write desired), and a report
    // of the old value: before, either put the section in sync and the operation at success.
    await shadowUpdate(device!, { desired: { system: { led: !led } } })
    await shadowUpdate(device!, { reported: { system: { led: !led } } })
    expect(await system(id)).toMatchObject({ status: 'applying' })
    expect((await operation(answer.envelope.data.operation_id)).envelope.data.result).toBe('pending')

    // The device reports the change: now it is.
    await shadowUpdate(device!, { reported: { system: { led } } })
    await eventually(
      () => system(id),
      (row) => row?.status === 'in_sync',
    )
    expect((await operation(answer.envelope.data.operation_id)).envelope.data).toMatchObject({
      result: 'success',
      targets: [{ status: 'success' }],
    })
  })

  it('a later change of the section ends the earlier one for that device, saying why', async () => {
    const id = idOf(slow.devices[0]!)
    const first = await post<{ operation_id: number }>('/backend/device/setleds', { ids: [id], led: true })
    const second = await post<{ operation_id: number }>('/backend/device/setleds', { ids: [id], led: false })
    expect((await operation(first.envelope.data.operation_id)).envelope.data).toMatchObject({
      result: 'failed',
      targets: [{ status: 'failed', reason: String(ErrorCode.CHANGE_SUPERSEDED) }],
    })
    // The section follows the later change now (in sync at once when the device already shows it).
    expect((await system(id))?.operation_id).toBe(second.envelope.data.operation_id)
  })

  it('a change committed but never told (a crash before the delta) goes out when the device is seen online', async () => {
    const device = quick.devices[0]!
    const id = idOf(device)
    const led = !reportedLed(device)
    // What a batch leaves when the server dies between its commit and telling the devices.
    const operationId = await app.database.db.transaction(async (tx) => {
      const stored = await app.gateway.shadows.storeDesiredMany(tx, [{ thing: device.thing, deviceId: id }], {
        system: { led },
      })
      const { tenantId } = (await devicesRepository(tx).findById(id))!
      const principal = { account: { id: owner.uid, tenantId, username: owner.username } }
      const operationId = await new OperationLog(app.database.db).within(tx).record(
        principal as Principal,
        'device.setleds',
        [{ id, mac: device.mac }],
        {},
        {
          channel: 'shadow',
          status: 'IN_PROGRESS',
        },
      )
      await settingsRepository(tx).start([
        {
          deviceId: id,
          section: 'system',
          previous: {},
          requestedBy: owner.uid,
          operationId,
          expected: asReported({ led }),
          desiredVersion: stored.versions.get(id)!,
        },
      ])
      return operationId
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(reportedLed(device)).toBe(!led)

    // Seen online (as when the server's connection comes back and reads the retained status).
    await app.gateway.presence.handleStatus(
      device.thing,
      Buffer.from(JSON.stringify({ state: 'online', ts: Math.floor(Date.now() / 1000), model: 'CAP-1200' })),
    )
    await eventually(
      () => system(id),
      (row) => row?.status === 'in_sync' && row.operation_id === operationId,
    )
    expect(reportedLed(device)).toBe(led)
    expect((await operation(operationId)).envelope.data.result).toBe('success')
  })
})

describe('a batch commits its record, sync state and desired state together', () => {
  it('a device whose shadow cannot take the change leaves no trace of the batch on any device', async () => {
    const [first, second] = quick.devices as [VirtualDevice, VirtualDevice]
    const batch = [idOf(first), idOf(second)]
    const done = await post<{ operation_id: number }>('/backend/device/setleds', { ids: batch, led: true })
    expect(done.envelope.status).toBe(10000)
    await eventually(
      () => Promise.all(batch.map(system)),
      (rows) => rows.every((row) => row?.status === 'in_sync'),
    )

    // The second device fills its shadow to the brim (`,"filler":"…"` is 12 bytes and the
    // filler): `false` in place of `true` does not fit.
    const shadow = (await app.gateway.shadows.read(idOf(second)))!
    const used = JSON.stringify({ desired: shadow.state.desired, reported: shadow.state.reported }).length
    await shadowUpdate(second, { reported: { filler: 'x'.repeat(SHADOW_MAX_BYTES - used - 12) } })
    expect((await app.gateway.shadows.read(idOf(second)))!.state.reported.filler).toBeDefined()
    const before = await Promise.all(batch.map(state))

    const refused = await post('/backend/device/setleds', { ids: batch, led: false })
    expect(refused.httpStatus).toBe(400)
    expect(refused.envelope.status).toBe(ErrorCode.INVALID_PARAMETER)
    // Nothing of it anywhere: not the first device's desired state or sync row, no record.
    expect(await Promise.all(batch.map(state))).toEqual(before)
    await shadowUpdate(second, { reported: { filler: null } })
    const next = await post<{ operation_id: number }>('/backend/device/setleds', { ids: batch, led: false })
    expect(next.envelope.status).toBe(10000)
    for (
      let missing = done.envelope.data.operation_id + 1;
      missing < next.envelope.data.operation_id;
      missing++
    )
      expect((await operation(missing)).envelope.status).not.toBe(10000)
  })
})
