import { ErrorCode } from '@canopy/shared/errors'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, signedInTenant, startTestFleet } from '../../../test/devices'
import { rootProjectOf, signedInAccount } from '../../../test/factories'
import { designGuestPortal, MEMBER, portalOnVap1 } from '../../../test/guest-portal-setup'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { workerResources } from '../../../test/worker-resources'
import { connectDatabase, type DatabaseHandle } from '../../db/client'
import { GuestAuthService } from './guest-auth.service'
import type { MembersService } from './members.service'
import { createPortal } from './portal.routes'

/**
 * A guest login's three reads (the gateway's portals, the member, the token's session) are
 * grouped: what is asked in one turn of the event loop is read in one statement, and each caller
 * gets its own key's answer. The services here run on a connection that counts its statements.
 */
let app: TestApp
let fleet: Fleet
let first: VirtualDevice
let second: VirtualDevice
let counted: DatabaseHandle
let guests: GuestAuthService
let members: MembersService
const UNKNOWN_THING = 'cnp-0000000000ff'
const guest = (n: number) => ({ mac: `02:CC:00:00:00:0${n}`, ip: '192.168.10.23' })

/** The SELECTs `work` sent on the counted connection (its writes apart). */
async function selectsDuring(work: () => Promise<unknown>): Promise<number> {
  const selects = () =>
    counted
      .statements!.top(Number.MAX_SAFE_INTEGER)
      .filter((entry) => entry.statement.startsWith('select'))
      .reduce((sum, entry) => sum + entry.count, 0)
  const before = selects()
  await work()
  return selects() - before
}

beforeAll(async () => {
  app = await createTestApp()
  fleet = await startTestFleet(app, { count: 2, models: ['CAP-1200'] })
  ;[first, second] = fleet.devices as [VirtualDevice, VirtualDevice]
  const { token: owner } = await signedInAccount(app)
  const gid = await rootProjectOf(app, owner)
  const ids = [await bindDevice(app, owner, first.mac, gid), await bindDevice(app, owner, second.mac, gid)]
  const design = await designGuestPortal(app, owner, { blocked: '', trusted: '' })
  for (const id of ids) await portalOnVap1(app, owner, id, design)
  counted = connectDatabase(workerResources().databaseUrl, { maxConnections: 2, countStatements: true })
  const portal = createPortal({ db: counted.db })
  members = portal.members
  guests = new GuestAuthService({
    db: counted.db,
    // Pictures are not read here.
    findDevice: async () => undefined,
    methods: {
      clickThroughTerms: (tenantId, language) => portal.methods.clickThroughTerms(tenantId, language),
      verifyMember: (tenantId, account, password) => members.verify(tenantId, account, password),
      smsEnabled: (tenantId) => portal.methods.smsEnabled(tenantId),
      sendSmsCode: (tenantId, phone, client, language) =>
        portal.sms.sendCode(tenantId, phone, client, language),
      verifySmsCode: (tenantId, phone, code) => portal.sms.verifyCode(tenantId, phone, code),
    },
  })
})
afterAll(async () => {
  await counted?.close()
  await fleet?.stop()
  await app?.close()
})

describe('grouped reads of guest logins', () => {
  it("reads the portals of gateways asked for together in one statement, each its own gateway's", async () => {
    let answers: Awaited<ReturnType<GuestAuthService['gateway']>>[] = []
    const selects = await selectsDuring(async () => {
      answers = await Promise.all([
        guests.gateway(first.thing, 'vap1'),
        guests.gateway(second.thing),
        guests.gateway(UNKNOWN_THING),
        guests.gateway(first.thing, 'vap3'),
        guests.gateway(first.thing),
      ])
    })
    expect(selects).toBe(1)
    const [firstVap1, secondAny, unknown, noSuchSsid, firstAny] = answers
    expect(firstVap1?.device.thingName).toBe(first.thing)
    expect(firstVap1?.setting.target).toBe('vap1')
    expect(secondAny?.device.thingName).toBe(second.thing)
    expect(secondAny?.device.id).not.toBe(firstVap1?.device.id)
    expect(unknown).toBeUndefined()
    expect(noSuchSsid).toBeUndefined()
    expect(firstAny).toEqual(firstVap1)
    // only what the guest path uses of the device
    expect(Object.keys(firstVap1!.device).sort()).toEqual(['id', 'projectId', 'tenantId', 'thingName'])
  })

  it('checks members logging in together with one read, each against its own account and password', async () => {
    const portal = (await guests.gateway(first.thing))!
    const tenantId = portal.device.tenantId
    // a tenant that never saved its methods: the member method is off there
    const { tenantId: elsewhere } = await signedInTenant(app)
    let outcomes: PromiseSettledResult<{ account: string } | undefined>[] = []
    const selects = await selectsDuring(async () => {
      outcomes = await Promise.allSettled([
        members.verify(tenantId, MEMBER.account, MEMBER.password),
        members.verify(tenantId, MEMBER.account.toUpperCase(), 'nopenope1'),
        members.verify(tenantId, 'nobody-here', MEMBER.password),
        members.verify(elsewhere, MEMBER.account, MEMBER.password),
        members.verify(tenantId, MEMBER.account, MEMBER.password),
      ])
    })
    expect(selects).toBe(1)
    const [right, wrongPassword, unknown, methodOff, again] = outcomes
    expect(right).toMatchObject({ status: 'fulfilled', value: { account: MEMBER.account } })
    expect(wrongPassword).toEqual({ status: 'fulfilled', value: undefined })
    expect(unknown).toEqual({ status: 'fulfilled', value: undefined })
    expect(methodOff).toMatchObject({
      status: 'rejected',
      reason: { codes: [ErrorCode.MEMBER_AUTH_DISABLED] },
    })
    expect(again).toEqual(right)
  })

  it("answers gateways' auth stages asked together from one read of their tokens", async () => {
    const [onFirst, onSecond] = await Promise.all([guests.gateway(first.thing), guests.gateway(second.thing)])
    const [memberToken, clickToken] = await Promise.all([
      guests.member(onFirst!, guest(1), MEMBER.account, MEMBER.password),
      guests.clickThrough(onSecond!, guest(2), true, 'en-us'),
    ])
    await expect(guests.member(onFirst!, guest(3), MEMBER.account, 'nopenope1')).rejects.toMatchObject({
      key: 'loginFailed',
    })
    const stage = (gwId: string, token: string, client: { mac: string }, stage = 'login') =>
      guests.gatewayAuth({ stage, gwId, token, mac: client.mac, ip: null, incoming: 0, outgoing: 0 })
    let answers: Array<0 | 1> = []
    const selects = await selectsDuring(async () => {
      answers = await Promise.all([
        stage(first.thing, memberToken, guest(1)),
        stage(second.thing, clickToken, guest(2)),
        // another gateway's token, another client's, a token nobody issued
        stage(first.thing, clickToken, guest(2), 'counters'),
        stage(second.thing, clickToken, guest(1), 'counters'),
        stage(first.thing, 'no-such-token', guest(1)),
      ])
    })
    expect(selects).toBe(1)
    expect(answers).toEqual([1, 1, 0, 0, 0])
    // the login stages took: their counters now pass
    expect(await stage(first.thing, memberToken, guest(1), 'counters')).toBe(1)
    expect(await stage(second.thing, clickToken, guest(2), 'counters')).toBe(1)
  })
})
