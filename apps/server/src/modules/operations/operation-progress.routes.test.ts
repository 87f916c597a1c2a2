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
  summary: { total: number; pending: number; applying: number; success: number; failed: number }
  matching: number
  targets: Array<{ device_id: number; status: string; mac: string }>
}

const batch = (ids: number[]) =>
  app.ok<{ operation_id: number }>({
    method: 'POST',
    path: '/backend/device/setleds',
    token: ownerToken,
    body: { ids, led: false },
  })
const progress = (token: string, operationId: number, view: Record<string, string> = {}) =>
  app.call<Progress>({
    path: '/backend/device/operation',
    token,
    query: { id: String(operationId), ...view },
  })

/** Waits until no device of the operation is pending or applying, and answers its progress. */
async function settled(token: string, operationId: number): Promise<Progress> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { data } = (await progress(token, operationId)).envelope
    if (data.summary.pending + data.summary.applying === 0) return data
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`operation ${operationId} did not settle`)
}

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

describe('an operation of many devices, a page at a time', () => {
  it('counts every status and answers the page asked for, in one status if asked', async () => {
    const { operation_id } = await batch([inScope, outside])
    const all = await settled(ownerToken, operation_id)
    expect(all.summary).toEqual({ total: 2, pending: 0, applying: 0, success: 2, failed: 0 })
    expect(all.result).toBe('success')
    expect(all.matching).toBe(2)

    const pages = await Promise.all(
      ['1', '2', '3'].map((pageIndex) => progress(ownerToken, operation_id, { pageIndex, pageOffset: '1' })),
    )
    expect(pages.map(({ envelope }) => envelope.data.targets.map((target) => target.mac))).toEqual([
      [all.targets[0]!.mac],
      [all.targets[1]!.mac],
      [],
    ])
    expect(pages[0]!.envelope.data.summary).toEqual(all.summary)
    expect(pages[0]!.envelope.data.matching).toBe(2)

    const failed = (await progress(ownerToken, operation_id, { status: 'failed', pageOffset: '10' })).envelope
    expect(failed.data.targets).toEqual([])
    expect(failed.data.matching).toBe(0)
    const succeeded = (await progress(ownerToken, operation_id, { status: 'success' })).envelope
    expect(succeeded.data.targets).toHaveLength(2)
  })

  it("counts only the child's devices for the child", async () => {
    const { operation_id } = await batch([inScope, outside])
    await settled(ownerToken, operation_id)
    const asChild = (await progress(childToken, operation_id, { pageOffset: '10' })).envelope.data
    expect(asChild.summary.total).toBe(1)
    expect(asChild.targets.map((target) => target.device_id)).toEqual([inScope])
  })

  it('refuses a status or a page outside the rules as an invalid parameter', async () => {
    const { operation_id } = await batch([inScope])
    const views: Record<string, string>[] = [
      { status: 'done' },
      { pageOffset: '0' },
      { pageOffset: '101' },
      { pageIndex: '0', pageOffset: '10' },
    ]
    for (const view of views) {
      const response = await progress(ownerToken, operation_id, view)
      expect(response.envelope.status).toBe(ErrorCode.INVALID_PARAMETER)
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
