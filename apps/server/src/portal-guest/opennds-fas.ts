import { ErrorCode } from '@canopy/shared/errors'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../http/app-error'
import type { RateLimits } from '../http/rate-limit'
import {
  type GatewayPortal,
  type GuestAuthService,
  type GuestClient,
  GuestRefusal,
} from '../modules/portal/guest-auth.service'
import type { OpenNdsAuthmonService } from '../modules/portal/opennds-authmon.service'
import { guestLanguage } from './guest.routes'
import { renderGuestMessage, renderGuestPage } from './guest-page'
import { guestHtml, guestLoginLimits, portalPageView } from './guest-reply'
import { guestSmsStep } from './guest-sms-step'
import { answerAuthmon } from './opennds-authmon'
import type { OpenNdsCounters } from './opennds-counters'
import { authActionUrl, decryptFas, type FasClient, fasToken, parseFas } from './opennds-fas-query'

const PATH = '/portal/opennds/'

type Query = Record<string, string | undefined>

/** The faskey gateways share with Canopy (OPENNDS_FASKEY); without it the FAS is off. */
export function openNdsFaskey(environment: NodeJS.ProcessEnv): string | undefined {
  const key = environment.OPENNDS_FASKEY?.trim()
  if (!key) return undefined
  // openNDS passes the key through its shell scripts: keep to what it documents (no spaces).
  if (!/^[A-Za-z0-9]{8,64}$/.test(key))
    throw new Error('Invalid configuration: OPENNDS_FASKEY must be 8-64 letters and digits')
  return key
}

/**
 * openNDS's `fas` (and level 3's `iv`): in the query, or (openNDS's status request for a client
 * already in) inside `redir`.
 */
function fasFieldsOf(fields: Query): { fas: string; iv: string | undefined } {
  const iv = fields.iv || undefined
  const fas = fields.fas || (fields.redir?.split('fas=')[1]?.split('&')[0] ?? '')
  // base64 has no spaces: one here was a `+` that openNDS left unencoded in the query.
  return { fas: fas.replaceAll(' ', '+'), iv }
}

/** What a gateway's request is, decoded: level 1 (`fas` alone) or level 3 (`fas` and `iv`). */
interface Found {
  fas: FasClient
  portal: GatewayPortal
  level: 1 | 3
  /** the fields every form of the page carries back */
  hidden: Record<string, string>
}

/**
 * openNDS Forward Authentication Service (docs/protocol.md, "Guests: openNDS FAS"): the gateway
 * sends a client to `/portal/opennds/?fas=…` (level 1) or `?fas=…&iv=…` (level 3, encrypted with
 * the faskey); the client meets the same captive page and the same decisions as a WiFiDog
 * gateway's (strategy lists, validity, methods). A client let in at level 1 is sent to the
 * gateway's authaction with the faskey's hash of its hid; at level 3 it is queued for the
 * gateway's authmon, which polls (POST with `auth_get`), and its browser waits on a page that
 * asks again until the gateway took it. What is refused is counted (`counters`, operator metrics).
 */
export async function registerOpenNdsFas(
  http: FastifyInstance,
  deps: {
    guests: GuestAuthService
    authmon: OpenNdsAuthmonService
    counters: OpenNdsCounters
    rateLimits: RateLimits
    faskey: string | undefined
    /** logins a minute, as the WiFiDog surface's (config: RATE_LIMIT_GUEST_LOGIN_*) */
    limits: { clientPerMinute: number; addressPerMinute: number }
  },
): Promise<void> {
  const { guests, faskey, counters } = deps
  const { client: CLIENT_LIMIT, address: ADDRESS_LIMIT } = guestLoginLimits('opennds', deps.limits)
  await http.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    /** Where the browser of a level-3 guest asks whether its gateway took it yet. */
    const waitUrl = (found: Found, language: string) =>
      `${PATH}?${new URLSearchParams({ ...found.hidden, lang: language, wait: '1' })}`

    /**
     * Level 1: marks the session active (openNDS takes the token on the client's way through) and
     * sends it to the gateway's authaction. Level 3: marks it active and queues it for authmon;
     * the browser waits.
     */
    const letIn = async (request: FastifyRequest, reply: FastifyReply, found: Found, token: string) => {
      const { fas, portal } = found
      const taken = await guests.gatewayAuth({
        stage: 'login',
        gwId: fas.thing,
        token,
        mac: fas.clientMac,
        ip: fas.clientIp,
        incoming: 0,
        outgoing: 0,
      })
      if (taken !== 1) throw new Error(`openNDS FAS: a token just issued for ${fas.thing} was refused`)
      if (found.level === 1)
        return reply
          .header('cache-control', 'no-store')
          .redirect(authActionUrl(fas, faskey!, portal.page.guideUrl), 302)
      await deps.authmon.queue(portal, fas.gatewayHash, fasToken(fas.hid, faskey!))
      const language = guestLanguage(request)
      return guestHtml(reply, 200, renderGuestMessage(language, 'connecting', waitUrl(found, language)))
    }

    const showPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      found: Found,
      status = 200,
      message?: Parameters<typeof renderGuestPage>[0]['message'],
      smsPhone?: string,
    ) => {
      const language = guestLanguage(request)
      return guestHtml(
        reply,
        status,
        renderGuestPage({
          ...(await portalPageView(guests, found.portal, language)),
          sms: (await guests.smsOffered(found.portal)) ? { phone: smsPhone } : undefined,
          hidden: { ...found.hidden, lang: language },
          action: PATH,
          message,
        }),
      )
    }

    /** The gateway's portal for this client, or the answer that there is none. */
    const portalOf = async (
      request: FastifyRequest,
      reply: FastifyReply,
      fields: Query,
    ): Promise<Found | { done: FastifyReply }> => {
      const language = guestLanguage(request)
      if (!faskey) {
        request.log.warn('openNDS FAS request while OPENNDS_FASKEY is not set')
        return { done: guestHtml(reply, 404, renderGuestMessage(language, 'unavailable')) }
      }
      const { fas: fasString, iv } = fasFieldsOf(fields)
      const fas = iv === undefined ? parseFas(fasString) : decryptFas(fasString, iv, faskey)
      if (!fas) {
        // A level-3 query that is well formed but does not decrypt: the gateway's faskey is not ours.
        const wrongKey = iv !== undefined && /^[0-9A-Za-z]{16}$/.test(iv) && fasString.length > 0
        counters.refuse(wrongKey ? 'wrong-key' : 'malformed', { address: request.ip })
        return { done: guestHtml(reply, 400, renderGuestMessage(language, 'unavailable')) }
      }
      const portal = await guests.gateway(fas.thing)
      if (!portal) return { done: guestHtml(reply, 404, renderGuestMessage(language, 'unavailable')) }
      const hidden: Record<string, string> = iv === undefined ? { fas: fasString } : { fas: fasString, iv }
      return { fas, portal, level: iv === undefined ? 1 : 3, hidden }
    }

    const arrive = async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      const found = await portalOf(request, reply, request.query)
      if ('done' in found) return found.done
      const { fas, portal } = found
      if (found.level === 3 && request.query.wait === '1') {
        // The waiting page asking again: on to the guide address once authmon took the guest.
        const state = await deps.authmon.state(fas.gatewayHash, fasToken(fas.hid, faskey!))
        if (state === 'taken')
          return reply.header('cache-control', 'no-store').redirect(portal.page.guideUrl, 302)
        if (state === 'waiting') {
          const language = guestLanguage(request)
          return guestHtml(reply, 200, renderGuestMessage(language, 'connecting', waitUrl(found, language)))
        }
      }
      const client: GuestClient = { mac: fas.clientMac, ip: fas.clientIp }
      const arrival = await guests.arrive(portal, client)
      if (arrival.kind === 'refused')
        return guestHtml(reply, 403, renderGuestMessage(guestLanguage(request), 'refused'))
      if (arrival.kind === 'admitted') return letIn(request, reply, found, arrival.token)
      return showPage(request, reply, found)
    }
    scope.get(PATH, arrive)
    scope.get(PATH.slice(0, -1), arrive)

    scope.post<{ Body: Query }>(PATH, async (request, reply) => {
      const form = (request.body ?? {}) as Query
      // authmon (level 3) posts here too: `auth_get`, `gatewayhash`, `payload`.
      if (form.auth_get !== undefined)
        return answerAuthmon(request, reply, { ...deps, form, enabled: faskey !== undefined })
      const language = guestLanguage(request)
      const found = await portalOf(request, reply, { fas: form.fas, iv: form.iv })
      if ('done' in found) return found.done
      const { fas, portal } = found
      try {
        await deps.rateLimits.consume(CLIENT_LIMIT, [`${fas.thing}:${fas.clientMac}`])
        await deps.rateLimits.consume(ADDRESS_LIMIT, [request.ip])
      } catch (error) {
        if (error instanceof AppError && error.codes.includes(ErrorCode.TOO_FREQUENT)) {
          counters.refuse('login-flood', { address: request.ip, gateway: fas.thing })
          return guestHtml(reply, 429, renderGuestMessage(language, 'tooFrequent'))
        }
        throw error
      }
      const client: GuestClient = { mac: fas.clientMac, ip: fas.clientIp }
      try {
        if (form.method === 'sms')
          return await guestSmsStep(request, {
            guests,
            portal,
            client,
            form,
            letIn: (token) => letIn(request, reply, found, token),
            page: (status, message, phone) => showPage(request, reply, found, status, message, phone),
          })
        const token =
          form.method === 'member'
            ? await guests.member(portal, client, form.account ?? '', form.password ?? '')
            : form.method === 'click'
              ? await guests.clickThrough(portal, client, form.agree === '1', language)
              : undefined
        if (!token) return showPage(request, reply, found, 400, 'methodOff')
        return letIn(request, reply, found, token)
      } catch (error) {
        if (error instanceof GuestRefusal) {
          if (error.key === 'refused') return guestHtml(reply, 403, renderGuestMessage(language, 'refused'))
          return showPage(request, reply, found, error.status, error.key)
        }
        throw error
      }
    })
  })
}
