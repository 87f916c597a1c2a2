import { randomBytes } from 'node:crypto'
import { ErrorCode } from '@canopy/shared/errors'
import type { Language } from '@canopy/shared/i18n/languages'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import { Coalesced, coalescedRows } from '../../lib/coalesced'
import type { DeviceRow } from '../devices/devices.repository'
import { devicePortalRepository } from './device-portal.repository'
import { type GatewayPortalRow, guestGatewayRepository } from './guest-gateway.repository'
import {
  type GatewayAuthRow,
  type GuestSessionRow,
  guestSessionsRepository,
  type IssuedSession,
} from './guest-sessions.repository'
import { pagesRepository } from './pages.repository'
import { type PictureRow, picturesRepository } from './pictures.repository'

/**
 * What the guest surface needs of the tenant's authentication methods (/auth/method), narrow so
 * the methods' own module stays the one place that decides them.
 */
export interface GuestMethods {
  /** the click-through terms in the guest's language; undefined while click-through is off */
  clickThroughTerms(tenantId: number, language: Language): Promise<string | undefined>
  /**
   * the member these are the account and password of; undefined otherwise, taking the time of a
   * real check either way; refuses (throws) while the member method is off
   */
  verifyMember(tenantId: number, account: string, password: string): Promise<{ account: string } | undefined>
  /** whether the tenant's SMS method is on */
  smsEnabled(tenantId: number): Promise<boolean>
  /** SmsService.sendCode: §9's quotas, then the provider; refuses (throws AppError) otherwise */
  sendSmsCode(tenantId: number, phone: string, client: string, language: Language): Promise<unknown>
  /** SmsService.verifyCode: the newest open code of the phone, used up when right */
  verifySmsCode(tenantId: number, phone: string, code: string): Promise<boolean>
}

/** A device's portal as a gateway asks about it: the SSID's setting, its page and strategy, roaming. */
export type GatewayPortal = GatewayPortalRow

/** Why a guest was not let in: the guest page's message key and the HTTP status it answers with. */
export class GuestRefusal extends Error {
  constructor(
    readonly key: 'loginFailed' | 'codeFailed' | 'mustAgree' | 'methodOff' | 'refused',
    readonly status = 403,
  ) {
    super(key)
  }
}

export interface GuestClient {
  /** stored form: upper case, colons */
  mac: string
  ip: string | null
}

/** What a gateway asks with (WiFiDog v1 `auth/`). */
export interface GatewayAuthQuery {
  stage: string
  gwId: string
  token: string
  mac: string
  ip: string | null
  incoming: number
  outgoing: number
}

const TOKEN_BYTES = 24
const DAY_MS = 24 * 3600 * 1000
/** The most session rows (or activations) one grouped statement writes. */
const GROUP_MAX = 200

/**
 * Guest authentication on devices' portals (issue 16), for the guest HTTP surface
 * (apps/server/src/portal-guest): which portal a gateway's guest meets, who is refused (black
 * lists) or let in without a page (white lists, a guest the cloud still remembers — on the device,
 * or anywhere in a roaming project), the login by each method, and the gateway's WiFiDog `auth`
 * stages, which enforce the strategy's session length and validity and a kick-off.
 */
export class GuestAuthService {
  private readonly now: () => Date
  /**
   * The gateways' portals (every login form and arrival) and the tokens of gateways' auth stages:
   * those asked for together are read in one statement each, one round trip instead of one per
   * request. Not a cache: nothing is kept once the statement answers.
   */
  private readonly portals: Coalesced<string, GatewayPortal[]>
  private readonly tokens: Coalesced<string, GatewayAuthRow[]>
  /**
   * Logins' session rows, written together: one statement at a time, which takes every login
   * made while the one before ran (under load the groups grow instead of the statements).
   */
  private readonly issuedSessions: Coalesced<IssuedSession, undefined>
  /** Gateways' auth stage=login, recorded together likewise. */
  private readonly activations: Coalesced<{ id: number; now: Date; sessionEndsAt: Date | null }, undefined>

  constructor(
    private readonly deps: {
      db: Database
      /** a bound device by its thing name (the gateway's gw_id) */
      findDevice: (thing: string) => Promise<DeviceRow | undefined>
      methods: GuestMethods
      now?: () => Date
    },
  ) {
    this.now = deps.now ?? (() => new Date())
    const sessions = guestSessionsRepository(deps.db)
    const gateways = guestGatewayRepository(deps.db)
    this.portals = coalescedRows(
      (things) => gateways.portalsOf(things),
      (row) => row.device.thingName,
      { gatherTurn: true },
    )
    this.tokens = coalescedRows(
      (tokens) => sessions.forGatewayAuth(tokens),
      (row) => row.session.token,
      { gatherTurn: true },
    )
    this.issuedSessions = new Coalesced((issued) => sessions.insertMany(issued), GROUP_MAX, {
      gatherTurn: true,
    })
    this.activations = new Coalesced((activations) => sessions.activateMany(activations), GROUP_MAX, {
      gatherTurn: true,
    })
  }

  /**
   * The portal a gateway's guest meets: the SSID the gateway names (`ssid`, apfree-wifidog's
   * extension), else the device's first SSID with the portal on. Undefined for a device nobody
   * bound, or one without a portal on.
   */
  async gateway(gwId: string, ssid?: string): Promise<GatewayPortal | undefined> {
    const portals = await this.portals.submit(gwId)
    return ssid ? portals.find((row) => row.setting.target === ssid) : portals[0]
  }

  /**
   * A guest the gateway sent to the login page: refused (black list), let in at once (white
   * list, or remembered within its validity), or shown the page. Returns the token of a guest
   * let in, or what to do.
   */
  async arrive(
    portal: GatewayPortal,
    client: GuestClient,
  ): Promise<{ kind: 'refused' } | { kind: 'admitted'; token: string } | { kind: 'page' }> {
    const { strategy } = portal
    if (blackListed(portal, client)) return { kind: 'refused' }
    if (strategy.macWhitelist.includes(client.mac) || (client.ip && strategy.ipWhitelist.includes(client.ip)))
      return {
        kind: 'admitted',
        token: await this.issue(portal, client, { method: 'whitelist', account: null }),
      }
    const where =
      portal.roaming && portal.device.projectId !== null
        ? { projectId: portal.device.projectId }
        : { deviceId: portal.device.id }
    const known = await guestSessionsRepository(this.deps.db).remembered(where, client.mac, this.now())
    if (!known) return { kind: 'page' }
    return { kind: 'admitted', token: await this.issue(portal, client, rememberedAs(known, portal)) }
  }

  /** The click-through terms to show, or undefined while click-through is off for the tenant. */
  termsFor(tenantId: number, language: Language): Promise<string | undefined> {
    return this.deps.methods.clickThroughTerms(tenantId, language)
  }

  /** Click-through: the guest accepted the terms. */
  async clickThrough(portal: GatewayPortal, client: GuestClient, agreed: boolean, language: Language) {
    await this.refuseListed(portal, client)
    if (!portal.setting.methods.includes('click')) throw new GuestRefusal('methodOff')
    const terms = await this.deps.methods.clickThroughTerms(portal.device.tenantId, language)
    if (terms === undefined) throw new GuestRefusal('methodOff')
    if (!agreed) throw new GuestRefusal('mustAgree', 400)
    return this.issue(portal, client, { method: 'click', account: null })
  }

  /** A member's account and password; the same refusal whether the account exists or not. */
  async member(portal: GatewayPortal, client: GuestClient, account: string, password: string) {
    await this.refuseListed(portal, client)
    if (!portal.setting.methods.includes('member')) throw new GuestRefusal('methodOff')
    // No account holds a NUL, and the database refuses one in a statement's text.
    if (account.includes('\0')) throw new GuestRefusal('loginFailed')
    const member = await this.deps.methods
      .verifyMember(portal.device.tenantId, account, password)
      .catch((error: unknown) => {
        // The tenant turned the member method off since the page was shown.
        if (error instanceof AppError && error.codes.includes(ErrorCode.MEMBER_AUTH_DISABLED))
          throw new GuestRefusal('methodOff')
        throw error
      })
    if (!member) throw new GuestRefusal('loginFailed')
    return this.issue(portal, client, { method: 'member', account: member.account })
  }

  /** Whether this portal offers SMS codes: the SSID's methods and the tenant's SMS method. */
  async smsOffered(portal: GatewayPortal): Promise<boolean> {
    return (
      portal.setting.methods.includes('sms') && (await this.deps.methods.smsEnabled(portal.device.tenantId))
    )
  }

  /**
   * SMS, first step: a code to the guest's phone, through SmsService and its §9 quotas (counted
   * per guest device as `client`). A phone breaking §5's rule is sent nothing and answered as any
   * other (the page never tells what is wrong with a number); the quotas' refusals are thrown as
   * AppError for the page to show. Returns whether a code went out.
   */
  async sendSmsCode(portal: GatewayPortal, client: GuestClient, phone: string, language: Language) {
    await this.refuseListed(portal, client)
    if (!(await this.smsOffered(portal))) throw new GuestRefusal('methodOff')
    try {
      await this.deps.methods.sendSmsCode(portal.device.tenantId, phone, client.mac, language)
      return true
    } catch (error) {
      if (error instanceof AppError && error.codes.includes(ErrorCode.INVALID_PARAMETER)) return false
      if (error instanceof AppError && error.codes.includes(ErrorCode.SMS_AUTH_DISABLED))
        throw new GuestRefusal('methodOff')
      throw error
    }
  }

  /** SMS, second step: the code the guest typed; let in with the phone recorded masked. */
  async smsLogin(portal: GatewayPortal, client: GuestClient, phone: string, code: string) {
    await this.refuseListed(portal, client)
    if (!(await this.smsOffered(portal))) throw new GuestRefusal('methodOff')
    const right = /^\d{6}$/.test(code)
      ? await this.deps.methods.verifySmsCode(portal.device.tenantId, phone, code).catch((error: unknown) => {
          if (error instanceof AppError && error.codes.includes(ErrorCode.SMS_AUTH_DISABLED))
            throw new GuestRefusal('methodOff')
          throw error
        })
      : false
    if (!right) throw new GuestRefusal('codeFailed')
    return this.issue(portal, client, { method: 'sms', account: maskPhone(phone) })
  }

  /**
   * WiFiDog v1 `auth/`: 1 lets the client through (login: the token is taken; counters: still
   * within its session and validity, not kicked off), 0 blocks it. A token is the gateway's and
   * the client's it was issued for: another gateway or MAC gets 0.
   */
  async gatewayAuth(query: GatewayAuthQuery): Promise<0 | 1> {
    const sessions = guestSessionsRepository(this.deps.db)
    const [found] = await this.tokens.submit(query.token)
    if (!found || found.session.clientMac !== query.mac || found.thing !== query.gwId) return 0
    const { session, sessionMinutes } = found
    const now = this.now()
    if (session.status === 'ended') return 0
    if (query.stage === 'logout') {
      await sessions.count(session.id, query.incoming, query.outgoing, query.ip)
      await sessions.end(session.id, 'logout', now)
      return 0
    }
    if (session.expiresAt && session.expiresAt <= now) {
      await sessions.end(session.id, 'expired', now)
      return 0
    }
    if (query.stage === 'login') {
      if (session.status === 'issued')
        await this.activations.submit({
          id: session.id,
          now,
          sessionEndsAt: sessionEnd(session, sessionMinutes, now),
        })
      return 1
    }
    if (query.stage !== 'counters' || session.status !== 'active') return 0
    await sessions.count(session.id, query.incoming, query.outgoing, query.ip)
    if (session.sessionEndsAt && session.sessionEndsAt <= now) {
      await sessions.end(session.id, 'session', now)
      return 0
    }
    return 1
  }

  /** A picture a gateway's page shows (banner or tips picture of one of its portals' pages). */
  async picture(gwId: string, pictureId: number): Promise<PictureRow | undefined> {
    const device = await this.deps.findDevice(gwId)
    if (!device || device.tenantId === null) return undefined
    for (const setting of await devicePortalRepository(this.deps.db).forDevice(device.id)) {
      if (!setting.enabled || setting.pageId === null) continue
      const page = await pagesRepository(this.deps.db).findInTenant(device.tenantId, setting.pageId)
      if (page && (page.bannerPictureId === pictureId || page.tipsPictureId === pictureId))
        return picturesRepository(this.deps.db).findInTenant(device.tenantId, pictureId)
    }
    return undefined
  }

  /** A login by any method is refused to a black-listed guest (no lookup: the lists are the strategy's). */
  private async refuseListed(portal: GatewayPortal, client: GuestClient): Promise<void> {
    if (blackListed(portal, client)) throw new GuestRefusal('refused')
  }

  private async issue(
    portal: GatewayPortal,
    client: GuestClient,
    how: { method: string; account: string | null; expiresAt?: Date | null },
  ): Promise<string> {
    const now = this.now()
    const validity = portal.strategy.validityDays
    const expiresAt =
      how.expiresAt !== undefined
        ? how.expiresAt
        : validity
          ? new Date(now.getTime() + validity * DAY_MS)
          : null
    const token = randomBytes(TOKEN_BYTES).toString('base64url')
    await this.issuedSessions.submit({
      tenantId: portal.device.tenantId,
      deviceId: portal.device.id,
      projectId: portal.device.projectId,
      target: portal.setting.target,
      clientMac: client.mac,
      clientIp: client.ip,
      method: how.method,
      account: how.account,
      token,
      expiresAt,
    })
    return token
  }
}

function blackListed(portal: GatewayPortal, client: GuestClient): boolean {
  const { strategy } = portal
  return (
    strategy.macBlacklist.includes(client.mac) ||
    (client.ip !== null && strategy.ipBlacklist.includes(client.ip))
  )
}

/**
 * The end of one gateway session: the strategy's session length (its SSID's strategy now; none:
 * up to the validity), never past the validity.
 */
function sessionEnd(session: GuestSessionRow, sessionMinutes: number | null, now: Date): Date | null {
  const minutes = sessionMinutes ?? 0
  const end = minutes > 0 ? new Date(now.getTime() + minutes * 60_000) : null
  if (!session.expiresAt) return end
  return end && end < session.expiresAt ? end : session.expiresAt
}

/** A remembered guest comes back as it logged in, within the validity it got then. */
function rememberedAs(known: GuestSessionRow, portal: GatewayPortal) {
  return {
    method: known.deviceId === portal.device.id ? known.method : 'roaming',
    account: known.account,
    expiresAt: known.expiresAt,
  }
}

/** A phone as the details show it: the first three and last four digits (138****5678). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '')
  if (digits.length <= 7) return `${digits.slice(0, 1)}****${digits.slice(-2)}`
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`
}
