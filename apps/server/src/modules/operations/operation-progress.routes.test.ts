import { ErrorCode } from '@canopy/shared/errors'
import { ADMINISTRATOR_LEVEL, DEVICE_FUNCTIONS, MENU_SECTIONS } from '@canopy/shared/permissions'
import type { Fleet } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, startTestFleet } from '../../../test/devices'
import { login, rootProjectOf, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { resultOf } from './executions'

/**
 * A batch's record as a child sees it (issue 11, item 5): only the targets in its device scope,
 * the result over those, and nothing at all of an operation none of whose devices it may see.
 */
let app: TestApp
let fleet: Fleet
let ownerToken: string
let childToken: string
let inScope: number
let outside: number

beforeAll(async () => {
  app = await createTestApp()
  fleet = await startTestFleet(app, { count: 2 })
  const owner = await signedInAccount(app)
  ownerToken = owner.token
  const root = await rootProjectOf(app, ownerToken)
  const as = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token: ownerToken, body })
  const { gid: mine } = await as<{ gid: number }>('/backend/workgroup/add', { name: 'Mine', pid: root })
  const { gid: theirs } = await as<{ gid: number }>('/backend/workgroup/add', { name: 'Theirs', pid: root })
  inScope = await bindDevice(app, ownerToken, fleet.devices[0]!.mac, mine)
  outside = await bindDevice(app, ownerToken, fleet.devices[1]!.mac, theirs)
  const { id: roleId } = await as<{ id: number }>('/backend/role/add', {
    name: uniqueName('r').slice(0, 10),
    menus: [...MENU_SECTIONS],
    device_functions: [...DEVICE_FUNCTIONS],
    project_ids: [mine],
  })
  const child = { username: uniqueName('c'), password: 'child123' }
  await as('/backend/user/child/add', {
    ...child,
    confirm_password: child.password,
    level: ADMINISTRATOR_LEVEL,
    role_ids: [roleId],
  })
  childToken = (await login(app, child)).access_token
})
afterAll(async () => {
  await fleet.stop()
  await app.close()
})

interface Progress {
  result: string
  targets: Array<{ device_id: number; status: string }>
}

const batch = (ids: number[]) =>
  app.ok<{ operation_id: number }>({
    method: 'POST',
    path: '/backend/device/setleds',
    token: ownerToken,
    body: { ids, led: false },
  })
const progress = (token: string, operationId: number) =>
  app.call<Progress>({ path: '/backend/device/operation', token, query: { id: String(operationId) } })

describe("an operation on devices partly in a child's scope", () => {
  it('shows the child the targets it may see, and the owner all of them', async () => {
    const { operation_id } = await batch([inScope, outside])
    const asChild = await progress(childToken, operation_id)
    expect(asChild.envelope.status).toBe(10000)
    expect(asChild.envelope.data.targets.map((target) => target.device_id)).toEqual([inScope])
    const asOwner = await progress(ownerToken, operation_id)
    expect(asOwner.envelope.data.targets.map((target) => target.device_id).sort()).toEqual(
      [inScope, outside].sort(),
    )
  })

  it('refuses the child an operation on none of its devices, as it does one that does not exist', async () => {
    const { operation_id } = await batch([outside])
    for (const id of [operation_id, 2_147_483_647]) {
      const response = await progress(childToken, id)
      expect(response.envelope.status).toBe(ErrorCode.NO_PERMISSION)
      expect(response.envelope.data).toBeNull()
    }
  })
})

describe('resultOf (the result over the executions a caller sees)', () => {
  it('is pending while any is, else success, failed or partial', () => {
    expect(resultOf(['SUCCEEDED', 'IN_PROGRESS'])).toBe('pending')
    expect(resultOf(['QUEUED'])).toBe('pending')
    expect(resultOf(['SUCCEEDED', 'SUCCEEDED'])).toBe('success')
    expect(resultOf(['FAILED', 'TIMED_OUT', 'CANCELED'])).toBe('failed')
    expect(resultOf(['SUCCEEDED', 'REJECTED'])).toBe('partial')
  })
})
