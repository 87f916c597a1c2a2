import { ErrorCode } from '@canopy/shared/errors'
import type { DeviceFunction } from '@canopy/shared/permissions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, childOfTenantA, type World } from '../../../test/world'

/**
 * The services apply the shared batch rules with each action's permission (§5 "operation
 * permission on all"): they must ask for what the route itself declares, no more — timed reboot
 * is a setting the "reboot" function grants, the LED one the "edit" function grants.
 */
let app: TestApp
let world: World

beforeAll(async () => {
  app = await createTestApp()
  world = await buildWorld(app)
})
afterAll(async () => {
  await world.fleet.stop()
  await app.close()
})

const childWith = (deviceFunctions: DeviceFunction[]) =>
  childOfTenantA(app, world, {
    menus: ['home', 'device'],
    device_functions: deviceFunctions,
    project_ids: [world.a.p1],
  })

const call = (token: string, path: string, body: unknown) =>
  app.call({ method: 'POST', path, token, body }).then((response) => response.envelope.status)

describe('a batch operation asks for its own permission only', () => {
  it('lets a child with "reboot" set a timed reboot, and not the LED', async () => {
    const token = await childWith(['view', 'reboot'])
    const ids = [world.a.devices.inP1, world.a.devices.inP2]
    const timedReboot = { enabled: true, days: [0, 3], time: '04:30' }
    expect(await call(token, '/backend/device/timerestart', { ids, timedReboot })).toBe(10000)
    expect(await call(token, '/backend/device/setleds', { ids, led: true })).toBe(ErrorCode.NO_PERMISSION)
  })

  it('lets a child with "edit" set the LED, and not a timed reboot', async () => {
    const token = await childWith(['view', 'edit'])
    const ids = [world.a.devices.inP1, world.a.devices.inP2]
    expect(await call(token, '/backend/device/setleds', { ids, led: false })).toBe(10000)
    const timedReboot = { enabled: false, days: [1], time: '03:00' }
    expect(await call(token, '/backend/device/timerestart', { ids, timedReboot })).toBe(
      ErrorCode.NO_PERMISSION,
    )
  })
})
