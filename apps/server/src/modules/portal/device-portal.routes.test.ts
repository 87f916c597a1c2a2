import { ErrorCode } from '@canopy/shared/errors'
import type { DevicePortalInfo } from '@canopy/shared/validation'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, eventually, startTestFleet } from '../../../test/devices'
import { login } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { buildWorld, type World } from '../../../test/world'

let app: TestApp
let world: World
let fleet: Fleet
let ap: VirtualDevice
let id: number
let owner: string
let other: string
let childFull: string
let childNone: string
let pageId: number
let strategyId: number

const call = (token: string, path: string, body: unknown) =>
  app.call<unknown>({ method: 'POST', path: `/backend/${path}`, token, body })
const statusOf = async (token: string, path: string, body: unknown) =>
  (await call(token, path, body)).envelope.status
const ok = <T>(token: string, path: string, body: unknown) =>
  app.ok<T>({ method: 'POST', path: `/backend/${path}`, token, body })
const info = (token = owner) => ok<DevicePortalInfo>(token, 'device/auth/info', { id })
const portalOn = (target: string, overrides: Record<string, unknown> = {}) => ({
  id,
  target,
  enabled: true,
  page_id: pageId,
  strategy_id: strategyId,
  methods: ['click', 'member'],
  offline_policy: 'closed',
  ...overrides,
})

beforeAll(async () => {
  app = await createTestApp()
  world = await buildWorld(app)
  // A model with both radios and virtual APs; it reports its first virtual AP (vap1) only.
  fleet = await startTestFleet(app, { count: 1, models: ['CAP-1200'] })
  ap = fleet.devices[0]!
  owner = (await login(app, world.a.owner)).access_token
  other = (await login(app, world.b.owner)).access_token
  childFull = (await login(app, world.a.childFull)).access_token
  childNone = (await login(app, world.a.childNone)).access_token
  id = await bindDevice(app, owner, ap.mac, world.a.p1)
  ;({ id: pageId } = await ok<{ id: number }>(owner, 'portal/page/add', {
    display_type: 'text',
    title: 'Lobby',
    tips: 'Free WiFi for our guests',
    guide_url: 'https://example.com/welcome',
    scheme: 'blue',
  }))
  ;({ id: strategyId } = await ok<{ id: number }>(owner, 'portal/strategy/add', {
    name: `s${Date.now().toString(36)}`,
    validity_days: 1,
  }))
})
afterAll(async () => {
  await fleet.stop()
  await world.fleet.stop()
  await app.close()
})

describe('portal per device and SSID (auth/info, auth/set)', () => {
  it('lists the SSIDs the device reports, each off until set', async () => {
    const { settings, roaming } = await info()
    expect(settings.map((s) => s.target)).toEqual(['2g', '5g', 'vap1'])
    expect(settings.every((s) => !s.enabled && s.sync === null)).toBe(true)
    expect(settings.find((s) => s.target === 'vap1')!.ssid).toMatch(/^Guest-/)
    expect(roaming).toBe(false)
  })

  it("offers the tenant's pages and strategies to choose from, only to a caller who may set a portal", async () => {
    const answer = await info()
    expect(answer.pages).toContainEqual({ id: pageId, name: 'Lobby' })
    expect(answer.strategies.map((s) => s.id)).toContain(strategyId)
    const viewer = await info(childFull)
    expect(viewer.pages.map((p) => p.id)).toContain(pageId)
  })

  it('turns the portal on for a virtual AP: stored, sent in the portal section, applied by the device', async () => {
    const { operation_id } = await ok<{ operation_id: number }>(owner, 'device/auth/set', portalOn('vap1'))
    expect(operation_id).toBeGreaterThan(0)
    const settled = await eventually(
      () => info(),
      (answer) => answer.settings.find((s) => s.target === 'vap1')?.sync === 'in_sync',
    )
    expect(settled.settings.find((s) => s.target === 'vap1')).toMatchObject({
      enabled: true,
      page_id: pageId,
      strategy_id: strategyId,
      methods: ['click', 'member'],
      offline_policy: 'closed',
    })
    const portal = ap.reported.portal as Record<string, unknown>
    expect(portal.gatewayId).toBe(ap.thing)
    expect(portal.authServer).toMatch(/\/portal\/wifidog\/$/)
    expect(portal.ssids).toEqual({ vap1: { enabled: true, offline: 'closed' } })
  })

  it('refuses an SSID the device does not report: "Vap radio or radio does not exist"', async () => {
    expect(await statusOf(owner, 'device/auth/set', portalOn('vap2'))).toBe(ErrorCode.VAP_NOT_FOUND)
    expect(await statusOf(owner, 'device/auth/set', portalOn('vap7'))).toBe(ErrorCode.VAP_NOT_FOUND)
    expect((await info()).settings.map((s) => s.target)).toEqual(['2g', '5g', 'vap1'])
  })

  it('needs a strategy, a page and a method to turn a portal on; a missing page or strategy has its code', async () => {
    expect(await statusOf(owner, 'device/auth/set', portalOn('2g', { strategy_id: null }))).toBe(
      ErrorCode.CONFIGURE_POLICIES,
    )
    expect(await statusOf(owner, 'device/auth/set', portalOn('2g', { page_id: null }))).toBe(
      ErrorCode.MISSING_PARAMETERS,
    )
    expect(await statusOf(owner, 'device/auth/set', portalOn('2g', { methods: [] }))).toBe(
      ErrorCode.MISSING_PARAMETERS,
    )
    expect(await statusOf(owner, 'device/auth/set', portalOn('2g', { page_id: 2_000_000_000 }))).toBe(
      ErrorCode.PORTAL_NOT_FOUND,
    )
    expect(await statusOf(owner, 'device/auth/set', portalOn('2g', { strategy_id: 2_000_000_000 }))).toBe(
      ErrorCode.POLICY_NOT_FOUND,
    )
    // nothing of those was stored
    expect((await info()).settings.find((s) => s.target === '2g')).toMatchObject({
      enabled: false,
      sync: null,
    })
  })

  it('keeps the page and strategy a portal uses from being deleted', async () => {
    expect(await statusOf(owner, 'portal/page/delete', { id: pageId })).toBe(ErrorCode.PORTAL_IN_USE)
    expect(await statusOf(owner, 'portal/strategy/delete', { id: strategyId })).toBe(ErrorCode.POLICY_IN_USE)
  })

  it("never uses another tenant's page or strategy, nor shows or changes another tenant's device", async () => {
    const { id: foreignPage } = await ok<{ id: number }>(other, 'portal/page/add', {
      display_type: 'text',
      title: 'Other',
      tips: 'Theirs',
      guide_url: 'https://example.org/',
      scheme: 'red',
    })
    expect(await statusOf(owner, 'device/auth/set', portalOn('2g', { page_id: foreignPage }))).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect(await statusOf(other, 'device/auth/info', { id })).toBe(ErrorCode.NO_PERMISSION)
    expect(await statusOf(other, 'device/auth/set', portalOn('vap1', { enabled: false }))).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect(await statusOf(other, 'device/auth/roam/info', { gid: world.a.p1 })).toBe(ErrorCode.NO_PERMISSION)
    expect(await statusOf(other, 'device/auth/roam/set', { gid: world.a.p1, enabled: true })).toBe(
      ErrorCode.NO_PERMISSION,
    )
  })

  it("lets a child with the portal function on the device's project set it; a child without none of it", async () => {
    await ok(childFull, 'device/auth/set', portalOn('2g', { methods: ['click'], offline_policy: 'open' }))
    expect((await info(childFull)).settings.find((s) => s.target === '2g')).toMatchObject({
      enabled: true,
      methods: ['click'],
    })
    expect(await statusOf(childNone, 'device/auth/info', { id })).toBe(ErrorCode.NO_PERMISSION)
    expect(await statusOf(childNone, 'device/auth/set', portalOn('2g'))).toBe(ErrorCode.NO_PERMISSION)
    expect(await statusOf(childNone, 'device/auth/roam/set', { gid: world.a.p1, enabled: true })).toBe(
      ErrorCode.NO_PERMISSION,
    )
  })
})

describe('group roaming (auth/roam/info, auth/roam/set)', () => {
  it('while on, refuses a change of a device portal of the project with 600400281; off, allows it', async () => {
    expect(await ok(owner, 'device/auth/roam/info', { gid: world.a.p1 })).toEqual({ enabled: false })
    await ok(owner, 'device/auth/roam/set', { gid: world.a.p1, enabled: true })
    expect(await ok(owner, 'device/auth/roam/info', { gid: world.a.p1 })).toEqual({ enabled: true })
    expect((await info()).roaming).toBe(true)
    expect(await statusOf(owner, 'device/auth/set', portalOn('vap1', { enabled: false }))).toBe(
      ErrorCode.DISABLE_ROAMING,
    )
    expect((await info()).settings.find((s) => s.target === 'vap1')!.enabled).toBe(true)
    // another project of the tenant roams on its own
    expect(await ok(owner, 'device/auth/roam/info', { gid: world.a.p2 })).toEqual({ enabled: false })
    await ok(owner, 'device/auth/roam/set', { gid: world.a.p1, enabled: false })
    await ok(owner, 'device/auth/set', portalOn('vap1', { enabled: false }))
    expect((await info()).settings.find((s) => s.target === 'vap1')!.enabled).toBe(false)
  })
})
