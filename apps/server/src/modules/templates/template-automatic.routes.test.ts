import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../../test/devices'
import { rootProjectOf, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import type { DeviceTemplateState } from './template-states'

// Issue 14: an automatic template (§4 config application "automatic") reaches every device bound
// or moved into its project, through the settings sync, and its edits roll out to them.

let app: TestApp
let owner: Awaited<ReturnType<typeof signedInAccount>>
let root: number
let fleet: Fleet

beforeAll(async () => {
  app = await createTestApp()
  owner = await signedInAccount(app)
  root = await rootProjectOf(app, owner.token)
  fleet = await startTestFleet(app, { count: 3, models: ['CAP-1200'], failureRate: 0 })
})
afterAll(async () => {
  await fleet.stop()
  await app.close()
})

const post = <T>(path: string, body: unknown) =>
  app.call<T>({ method: 'POST', path, token: owner.token, body })
const ok = async <T>(path: string, body: unknown) => {
  const answer = await post<T>(path, body)
  expect(answer.envelope.status, `${path}: ${JSON.stringify(answer.envelope)}`).toBe(10000)
  return answer.envelope.data
}
const stateOf = async (id: number) =>
  (await ok<DeviceTemplateState[]>('/backend/device/tpl/states', { ids: [id] }))[0]!
const timedReboot = (device: VirtualDevice) =>
  (device.reported.system as { timedReboot?: { time: string } }).timedReboot?.time
const project = async () =>
  (await ok<{ gid: number }>('/backend/workgroup/add', { name: uniqueName('a').slice(0, 10), pid: root })).gid

describe('an automatic template', () => {
  it('converges a newly bound virtual device, then rolls an edit out to it', async () => {
    const gid = await project()
    const name = `A${uniqueName('n').replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 25)
    const settings = (time: string) => ({ system: { timedReboot: { enabled: true, days: [2], time } } })
    const { id } = await ok<{ id: number }>('/backend/device/tpl/add', { name, settings: settings('02:10') })
    await ok('/backend/device/child/tpl/set', { tplId: id, gid, mode: 'automatic' })

    const device = fleet.devices[0]!
    const deviceId = await bindDevice(app, owner.token, device.mac, gid)
    const converged = await eventually(
      () => stateOf(deviceId),
      (state) => state.sync === 'in_sync',
      20_000,
    )
    expect(converged).toMatchObject({ mode: 'automatic', template_id: id, template_name: name })
    expect(timedReboot(device)).toBe('02:10')

    await ok('/backend/device/tpl/save', { id, name, settings: settings('05:45') })
    await eventually(
      async () => ({ state: await stateOf(deviceId), time: timedReboot(device) }),
      ({ state, time }) => state.sync === 'in_sync' && time === '05:45',
      20_000,
    )
    // In use by the project and the device: it stays.
    expect((await post('/backend/device/tpl/delete', { id })).envelope.status).not.toBe(10000)
  })

  it('reaches a device moved into the project and its sub-projects; a device moved out leaves it', async () => {
    const gid = await project()
    const sub = (
      await ok<{ gid: number }>('/backend/workgroup/add', { name: uniqueName('s').slice(0, 10), pid: gid })
    ).gid
    const name = `M${uniqueName('n').replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 25)
    const { id } = await ok<{ id: number }>('/backend/device/tpl/add', {
      name,
      settings: { system: { timedReboot: { enabled: true, days: [4], time: '01:05' } } },
    })
    await ok('/backend/device/child/tpl/set', { tplId: id, gid, mode: 'automatic' })

    const device = fleet.devices[1]!
    const deviceId = await bindDevice(app, owner.token, device.mac, root)
    expect((await stateOf(deviceId)).mode).toBe('none')
    await ok('/backend/device/transgroup', { ids: [deviceId], gid: sub })
    await eventually(
      () => stateOf(deviceId),
      (state) => state.mode === 'automatic' && state.sync === 'in_sync',
      20_000,
    )
    expect(timedReboot(device)).toBe('01:05')

    await ok('/backend/device/transgroup', { ids: [deviceId], gid: root })
    await eventually(
      () => stateOf(deviceId),
      (state) => state.mode === 'none',
    )
  })

  it('a project that stops giving it: its devices leave automatic application', async () => {
    const gid = await project()
    const { id } = await ok<{ id: number }>('/backend/device/tpl/add', {
      name: `S${uniqueName('n').replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 25),
      settings: { system: { led: true } },
    })
    await ok('/backend/device/child/tpl/set', { tplId: id, gid, mode: 'automatic' })
    const deviceId = await bindDevice(app, owner.token, fleet.devices[2]!.mac, gid)
    await eventually(
      () => stateOf(deviceId),
      (state) => state.mode === 'automatic',
    )
    await ok('/backend/device/child/tpl/set', { tplId: null, gid, mode: 'automatic' })
    await eventually(
      () => stateOf(deviceId),
      (state) => state.mode === 'none',
    )
    expect((await post('/backend/device/tpl/delete', { id })).envelope.status).toBe(10000)
  })
})
