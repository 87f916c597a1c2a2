import { ErrorCode } from '@canopy/shared/errors'
import { FALLBACK_LANGUAGE, isLanguage, type Language, matchLanguage } from '@canopy/shared/i18n/languages'
import { normaliseMac } from '@canopy/shared/validation'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../http/app-error'
import type { RateLimits } from '../http/rate-limit'
import {
  type GatewayPortal,
  type GuestAuthService,
  type GuestClient,
  GuestRefusal,
} from '../modules/portal/guest-auth.service'
import { renderGuestMessage, renderGuestPage } from './guest-page'
import { guestHtml, guestLoginLimits, portalPageView } from './guest-reply'
import { guestSmsStep } from './guest-sms-step'

const THING = /^cnp-[0-9a-f]{12}$/
const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/
const HOST = /^[A-Za-z0-9.-]{1,253}$/
const TARGET = /^(2g|5g|vap[1-3])$/
/** what the login hands out (base64url); anything else is no token of ours */
const TOKEN = /^[A-Za-z0-9_-]{1,128}$/

type Query = Record<string, string | undefined>

/** The gateway's parameters of a login (WiFiDog v1 `login/`), checked; undefined if any is broken. */
interface LoginParams {
  gwId: string
  gwAddress: string
  gwPort: number
  client: GuestClient
  url: string
  ssid: string | undefined
}

function loginParams(query: Query): LoginParams | undefined {
  const gwId = query.gw_id ?? ''
  const mac = normaliseMac(query.mac ?? '')
  const gwAddress = query.gw_address ?? ''
  const gwPort = Number(query.gw_port)
  const ip = query.ip || null
  const ssid = query.ssid || undefined
  if (!THING.test(gwId) || !MAC.test(mac) || !HOST.test(gwAddress)) return undefined
  if (!Number.isInteger(gwPort) || gwPort < 1 || gwPort > 65535) return undefined
  if ((ip && !IPV4.test(ip)) || (ssid && !TARGET.test(ssid))) return undefined
  return { gwId, gwAddress, gwPort, client: { mac, ip }, url: (query.url ?? '').slice(0, 2048), ssid }
}

/** ?lang= first, then the browser's Accept-Language, then English. */
export function guestLanguage(request: FastifyRequest): Language {
  const asked = (request.query as Query).lang
  if (isLanguage(asked)) return asked
  const header = request.headers['accept-language'] ?? ''
  const tags = header.split(',').map((part) => part.split(';')[0])
  return matchLanguage(tags) ?? FALLBACK_LANGUAGE
}

/** Where the gateway takes the token (WiFiDog v1: its own web server's /wifidog/auth). */
function gatewayAuthUrl(params: LoginParams, token: string): string {
  return `http://${params.gwAddress}:${params.gwPort}/wifidog/auth?token=${encodeURIComponent(token)}`
}

/**
 * The guest surface (issue 16), apart from the console and its login: under `/portal/wifidog/` the
 * WiFiDog v1 auth-server protocol — `login/` (the captive page, rendered here in the guest's
 * language), `auth/` (the gateway's login, counters and logout stages: `Auth: 1` or `Auth: 0`),
 * `ping/` (`Pong`), `portal/` (on to the page's guide address) — plus the page's pictures. A
 * guest's form posts back to `login/`; a guest let in is sent to the gateway with a token.
 */
export async function registerGuestSurface(
  http: FastifyInstance,
  deps: {
    guests: GuestAuthService
    rateLimits: RateLimits
    /** logins a minute (config: RATE_LIMIT_GUEST_LOGIN_*) */
    limits: { clientPerMinute: number; addressPerMinute: number }
  },
): Promise<void> {
  const { guests } = deps
  const { client: CLIENT_LIMIT, address: ADDRESS_LIMIT } = guestLoginLimits('guest', deps.limits)
  await http.register(
    async (scope) => {
      // Forms post URL-encoded: this scope alone parses them (the API takes JSON only).
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 8192 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      )

      const showPage = async (
        request: FastifyRequest,
        reply: FastifyReply,
        portal: GatewayPortal,
        params: LoginParams,
        status = 200,
        message?: Parameters<typeof renderGuestPage>[0]['message'],
        smsPhone?: string,
      ) => {
        const language = guestLanguage(request)
        const hidden: Record<string, string> = {
          gw_id: params.gwId,
          gw_address: params.gwAddress,
          gw_port: String(params.gwPort),
          mac: params.client.mac,
          url: params.url,
          lang: language,
        }
        if (params.client.ip) hidden.ip = params.client.ip
        if (params.ssid) hidden.ssid = params.ssid
        return guestHtml(
          reply,
          status,
          renderGuestPage({
            ...(await portalPageView(guests, portal, language)),
            sms: (await guests.smsOffered(portal)) ? { phone: smsPhone } : undefined,
            hidden,
            action: '/portal/wifidog/login/',
            message,
          }),
        )
      }
      const arrive = async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
        const language = guestLanguage(request)
        const params = loginParams(request.query)
        if (!params) return guestHtml(reply, 400, renderGuestMessage(language, 'unavailable'))
        const portal = await guests.gateway(params.gwId, params.ssid)
        if (!portal) return guestHtml(reply, 404, renderGuestMessage(language, 'unavailable'))
        const arrival = await guests.arrive(portal, params.client)
        if (arrival.kind === 'refused') return guestHtml(reply, 403, renderGuestMessage(language, 'refused'))
        if (arrival.kind === 'admitted') return reply.redirect(gatewayAuthUrl(params, arrival.token), 302)
        return showPage(request, reply, portal, params)
      }
      scope.get('/portal/wifidog/login/', arrive)
      scope.get('/portal/wifidog/login', arrive)

      scope.post<{ Body: Query }>('/portal/wifidog/login/', async (request, reply) => {
        const language = guestLanguage(request)
        const form = (request.body ?? {}) as Query
        const params = loginParams(form)
        if (!params) return guestHtml(reply, 400, renderGuestMessage(language, 'unavailable'))
        try {
          await deps.rateLimits.consume(CLIENT_LIMIT, [`${params.gwId}:${params.client.mac}`])
          await deps.rateLimits.consume(ADDRESS_LIMIT, [request.ip])
        } catch (error) {
          if (error instanceof AppError && error.codes.includes(ErrorCode.TOO_FREQUENT))
            return guestHtml(reply, 429, renderGuestMessage(language, 'tooFrequent'))
          throw error
        }
        const portal = await guests.gateway(params.gwId, params.ssid)
        if (!portal) return guestHtml(reply, 404, renderGuestMessage(language, 'unavailable'))
        try {
          if (form.method === 'sms')
            return await guestSmsStep(request, {
              guests,
              portal,
              client: params.client,
              form,
              letIn: async (token) => reply.redirect(gatewayAuthUrl(params, token), 302),
              page: (status, message, phone) =>
                showPage(request, reply, portal, params, status, message, phone),
            })
          const token =
            form.method === 'member'
              ? await guests.member(portal, params.client, form.account ?? '', form.password ?? '')
              : form.method === 'click'
                ? await guests.clickThrough(portal, params.client, form.agree === '1', language)
                : undefined
          if (!token) return showPage(request, reply, portal, params, 400, 'methodOff')
          return reply.redirect(gatewayAuthUrl(params, token), 302)
        } catch (error) {
          if (error instanceof GuestRefusal) {
            if (error.key === 'refused') return guestHtml(reply, 403, renderGuestMessage(language, 'refused'))
            return showPage(request, reply, portal, params, error.status, error.key)
          }
          throw error
        }
      })

      const gatewayAuth = async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
        const query = request.query
        const mac = normaliseMac(query.mac ?? '')
        const count = (value: string | undefined) => {
          const number = Number(value ?? 0)
          return Number.isSafeInteger(number) && number >= 0 ? number : 0
        }
        const answer =
          THING.test(query.gw_id ?? '') && MAC.test(mac) && TOKEN.test(query.token ?? '')
            ? await guests.gatewayAuth({
                stage: query.stage ?? '',
                gwId: query.gw_id!,
                token: query.token!,
                mac,
                ip: query.ip && IPV4.test(query.ip) ? query.ip : null,
                incoming: count(query.incoming),
                outgoing: count(query.outgoing),
              })
            : 0
        return reply.header('cache-control', 'no-store').type('text/plain').send(`Auth: ${answer}`)
      }
      scope.get('/portal/wifidog/auth/', gatewayAuth)
      scope.get('/portal/wifidog/auth', gatewayAuth)

      const ping = async (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header('cache-control', 'no-store').type('text/plain').send('Pong')
      scope.get('/portal/wifidog/ping/', ping)
      scope.get('/portal/wifidog/ping', ping)

      const onward = async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
        const language = guestLanguage(request)
        const gwId = request.query.gw_id ?? ''
        const ssid = request.query.ssid
        const portal = THING.test(gwId)
          ? await guests.gateway(gwId, ssid && TARGET.test(ssid) ? ssid : undefined)
          : undefined
        if (!portal) return guestHtml(reply, 404, renderGuestMessage(language, 'unavailable'))
        return reply.header('cache-control', 'no-store').redirect(portal.page.guideUrl, 302)
      }
      scope.get('/portal/wifidog/portal/', onward)
      scope.get('/portal/wifidog/portal', onward)

      scope.get<{ Querystring: Query }>('/portal/wifidog/login/picture/', async (request, reply) => {
        const gwId = request.query.gw_id ?? ''
        const id = Number(request.query.id)
        const picture =
          THING.test(gwId) && Number.isSafeInteger(id) && id > 0 ? await guests.picture(gwId, id) : undefined
        if (!picture) return reply.status(404).type('text/plain').send('not found')
        return reply
          .header('cache-control', 'public, max-age=3600')
          .type(picture.contentType)
          .send(picture.content)
      })
    },
    { prefix: '' },
  )
}
