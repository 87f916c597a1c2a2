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
import { guestLanguage } from './guest.routes'
import { renderGuestMessage, renderGuestPage } from './guest-page'
import { guestHtml, guestLoginLimits, portalPageView } from './guest-reply'
import { authActionUrl, type FasClient, parseFas } from './opennds-fas-query'

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
 * openNDS's `fas` string: in the query, or (openNDS's status request for a client already in)
 * inside `redir`.
 */
function fasStringOf(fields: Query): string {
  if (fields.fas) return fields.fas
  return fields.redir?.split('fas=')[1]?.split('&')[0] ?? ''
}

/**
 * openNDS Forward Authentication Service, level 1 (docs/protocol.md, "Guests: openNDS FAS"): the
 * gateway sends a client to `/portal/opennds/?fas=…`; the client meets the same captive page and
 * the same decisions as a WiFiDog gateway's (strategy lists, validity, methods); a client let in
 * is sent to the gateway's authaction with the faskey's hash of its hid. openNDS tells the FAS
 * nothing afterwards, so the session is active from that redirect on.
 */
export async function registerOpenNdsFas(
  http: FastifyInstance,
  deps: {
    guests: GuestAuthService
    rateLimits: RateLimits
    faskey: string | undefined
    /** logins a minute, as the WiFiDog surface's (config: RATE_LIMIT_GUEST_LOGIN_*) */
    limits: { clientPerMinute: number; addressPerMinute: number }
  },
): Promise<void> {
  const { guests, faskey } = deps
  const { client: CLIENT_LIMIT, address: ADDRESS_LIMIT } = guestLoginLimits('opennds', deps.limits)
  await http.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    /** Marks the session active (openNDS takes the token on the client's way through) and sends it on. */
    const letIn = async (reply: FastifyReply, portal: GatewayPortal, fas: FasClient, token: string) => {
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
      return reply
        .header('cache-control', 'no-store')
        .redirect(authActionUrl(fas, faskey!, portal.page.guideUrl), 302)
    }

    const showPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      portal: GatewayPortal,
      fasString: string,
      status = 200,
      message?: Parameters<typeof renderGuestPage>[0]['message'],
    ) => {
      const language = guestLanguage(request)
      return guestHtml(
        reply,
        status,
        renderGuestPage({
          ...(await portalPageView(guests, portal, language)),
          hidden: { fas: fasString, lang: language },
          action: PATH,
          message,
        }),
      )
    }

    /** The gateway's portal for this client, or the answer that there is none. */
    const portalOf = async (request: FastifyRequest, reply: FastifyReply, fields: Query) => {
      const language = guestLanguage(request)
      if (!faskey) {
        request.log.warn('openNDS FAS request while OPENNDS_FASKEY is not set')
        return { done: guestHtml(reply, 404, renderGuestMessage(language, 'unavailable')) }
      }
      const fasString = fasStringOf(fields)
      const fas = parseFas(fasString)
      if (!fas) return { done: guestHtml(reply, 400, renderGuestMessage(language, 'unavailable')) }
      const portal = await guests.gateway(fas.thing)
      if (!portal) return { done: guestHtml(reply, 404, renderGuestMessage(language, 'unavailable')) }
      return { fas, portal, fasString }
    }

    const arrive = async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      const found = await portalOf(request, reply, request.query)
      if ('done' in found) return found.done
      const { fas, portal } = found
      const client: GuestClient = { mac: fas.clientMac, ip: fas.clientIp }
      const arrival = await guests.arrive(portal, client)
      if (arrival.kind === 'refused')
        return guestHtml(reply, 403, renderGuestMessage(guestLanguage(request), 'refused'))
      if (arrival.kind === 'admitted') return letIn(reply, portal, fas, arrival.token)
      return showPage(request, reply, portal, found.fasString)
    }
    scope.get(PATH, arrive)
    scope.get(PATH.slice(0, -1), arrive)

    scope.post<{ Body: Query }>(PATH, async (request, reply) => {
      const language = guestLanguage(request)
      const form = (request.body ?? {}) as Query
      const found = await portalOf(request, reply, { fas: form.fas })
      if ('done' in found) return found.done
      const { fas, portal } = found
      try {
        await deps.rateLimits.consume(CLIENT_LIMIT, [`${fas.thing}:${fas.clientMac}`])
        await deps.rateLimits.consume(ADDRESS_LIMIT, [request.ip])
      } catch (error) {
        if (error instanceof AppError && error.codes.includes(ErrorCode.TOO_FREQUENT))
          return guestHtml(reply, 429, renderGuestMessage(language, 'tooFrequent'))
        throw error
      }
      const client: GuestClient = { mac: fas.clientMac, ip: fas.clientIp }
      try {
        const token =
          form.method === 'member'
            ? await guests.member(portal, client, form.account ?? '', form.password ?? '')
            : form.method === 'click'
              ? await guests.clickThrough(portal, client, form.agree === '1', language)
              : undefined
        if (!token) return showPage(request, reply, portal, found.fasString, 400, 'methodOff')
        return letIn(reply, portal, fas, token)
      } catch (error) {
        if (error instanceof GuestRefusal) {
          if (error.key === 'refused') return guestHtml(reply, 403, renderGuestMessage(language, 'refused'))
          return showPage(request, reply, portal, found.fasString, error.status, error.key)
        }
        throw error
      }
    })
  })
}
