import type { AddressInfo } from 'node:net'
import type { GuestDetail } from '@canopy/shared/validation'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { bindDevice, startTestFleet } from './devices'
import { rootProjectOf, signedInAccount } from './factories'
import { createTestApp, type TestApp } from './test-app'

export const GUIDE = 'https://example.com/welcome'
export const MEMBER = { account: 'alice', password: 'alicepass1' }

/**
 * The design a guest test's portal uses, made by `owner`: a page ("Lobby", on to GUIDE), a
 * strategy black- and white-listing the MACs given, click-through with terms and member logins
 * (MEMBER), and SMS codes when `lists.sms` (the app's SMS provider then has to be a stand-in).
 * Returns the page's and the strategy's ids.
 */
export async function designGuestPortal(
  app: TestApp,
  owner: string,
  lists: { blocked: string; trusted: string; sms?: boolean },
): Promise<{ pageId: number; strategyId: number }> {
  const ok = <T>(path: string, body: unknown) =>
    app.ok<T>({ method: 'POST', path: `/backend/${path}`, token: owner, body })
  const { id: pageId } = await ok<{ id: number }>('portal/page/add', {
    display_type: 'text',
    title: 'Lobby',
    tips: 'Free WiFi for our guests',
    guide_url: GUIDE,
    scheme: 'green',
  })
  const { id: strategyId } = await ok<{ id: number }>('portal/strategy/add', {
    name: `g${Date.now().toString(36)}`,
    validity_days: 1,
    session_minutes: 60,
    mac_blacklist: lists.blocked,
    mac_whitelist: lists.trusted,
  })
  await ok('portal/method/save', {
    noauth_enabled: true,
    terms: { 'en-us': 'Be nice.', 'zh-cn': '请文明上网。', es: 'Sea amable.' },
    member_enabled: true,
    sms_enabled: lists.sms === true,
    sms_daily_total: 100,
    sms_phone_period: 'five_minutes',
    sms_phone_max: 1,
    sms_client_max: 1,
  })
  await ok('portal/member/add', { ...MEMBER, info: '' })
  return { pageId, strategyId }
}

/** Turns the portal on for a device's vap1 with the design given (`device/auth/set`). */
export async function portalOnVap1(
  app: TestApp,
  owner: string,
  deviceId: number,
  design: { pageId: number; strategyId: number },
  methods: string[] = ['click', 'member'],
): Promise<void> {
  await app.ok({
    method: 'POST',
    path: '/backend/device/auth/set',
    token: owner,
    body: {
      id: deviceId,
      target: 'vap1',
      enabled: true,
      page_id: design.pageId,
      strategy_id: design.strategyId,
      methods,
      offline_policy: 'open',
    },
  })
}

/**
 * One virtual device bound by a new account, with a portal on its vap1 (click-through and member,
 * and SMS codes with `lists.sms`; a strategy black- and white-listing the MACs given) — the
 * gateway a guest test logs in through.
 */
export async function guestPortalOnOneDevice(
  app: TestApp,
  lists: { blocked: string; trusted: string; sms?: boolean },
): Promise<{ fleet: Fleet; device: VirtualDevice; owner: string }> {
  const fleet = await startTestFleet(app, { count: 1, models: ['CAP-1200'] })
  const device = fleet.devices[0] as VirtualDevice
  const { token: owner } = await signedInAccount(app)
  const id = await bindDevice(app, owner, device.mac, await rootProjectOf(app, owner))
  const design = await designGuestPortal(app, owner, lists)
  await portalOnVap1(app, owner, id, design, lists.sms ? ['click', 'member', 'sms'] : ['click', 'member'])
  return { fleet, device, owner }
}

/**
 * A test app answering openNDS with `faskey` (OPENNDS_FASKEY, put back by `close`), listening on
 * a port of its own so the tests reach it as a gateway's guest does, with the portal of
 * `guestPortalOnOneDevice`.
 */
export async function openNdsGuestApp(
  faskey: string,
  lists: { blocked: string; trusted: string },
): Promise<{
  app: TestApp
  base: string
  fleet: Fleet
  device: VirtualDevice
  owner: string
  close: () => Promise<void>
}> {
  const previousKey = process.env.OPENNDS_FASKEY
  const restoreKey = () => {
    if (previousKey === undefined) delete process.env.OPENNDS_FASKEY
    else process.env.OPENNDS_FASKEY = previousKey
  }
  process.env.OPENNDS_FASKEY = faskey
  const app = await createTestApp()
  try {
    await app.http.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`
    const portal = await guestPortalOnOneDevice(app, lists)
    const close = async () => {
      restoreKey()
      await portal.fleet.stop()
      await app.close()
    }
    return { app, base, ...portal, close }
  } catch (error) {
    restoreKey()
    await app.close()
    throw error
  }
}

/** The authentication details the owner sees for a client MAC (or part of one), newest first. */
export async function guestDetails(app: TestApp, owner: string, clientMac: string): Promise<GuestDetail[]> {
  const { list } = await app.ok<{ list: GuestDetail[] }>({
    method: 'POST',
    path: '/backend/portal/detail/list',
    token: owner,
    body: { mac: clientMac },
  })
  return list
}
