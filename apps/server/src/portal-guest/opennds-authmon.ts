import { ErrorCode } from '@canopy/shared/errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../http/app-error'
import type { RateLimits } from '../http/rate-limit'
import type { OpenNdsAuthmonService } from '../modules/portal/opennds-authmon.service'
import type { OpenNdsCounters, OpenNdsRefusal } from './opennds-counters'

const GATEWAY_HASH = /^[0-9a-f]{64}$/
const RHID = /^[0-9a-f]{64}$/
/** an acknowledgement names at most what one answer listed; more is not authmon's */
const MAX_PAYLOAD = 8192
/**
 * authmon polls twice a `nat_traversal_poll_interval` (at least 1 s: `view`, then its
 * acknowledgement), so 180 a minute leaves a gateway room; an address may front many gateways
 * (a carrier's NAT), so it gets a venue chain's worth.
 */
const GATEWAY_LIMIT = { name: 'opennds-authmon-gateway', points: 180, durationSeconds: 60 }
const ADDRESS_LIMIT = { name: 'opennds-authmon-address', points: 6000, durationSeconds: 60 }

type Query = Record<string, string | undefined>

/**
 * An openNDS authmon poll (FAS level 3, docs/protocol.md): `auth_get` = `clear` (openNDS
 * started: forget what waited), `view` with payload `none` (the waiting guests: `*` then each
 * `ndsctl auth` line URL-encoded, space-separated), `view` with an acknowledgement (`* rhid …`,
 * the clients it authenticated: `ack`), or `list` (the waiting guests, handed out once). The
 * payload is base64, as post-request.php sends it. Anything else is refused and counted.
 */
export async function answerAuthmon(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: {
    authmon: OpenNdsAuthmonService
    counters: OpenNdsCounters
    rateLimits: RateLimits
    form: Query
    enabled: boolean
  },
) {
  const { form, authmon } = deps
  const text = (status: number, body: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/plain').send(body)
  const refuse = (reason: OpenNdsRefusal, status: number, gateway?: string) => {
    deps.counters.refuse(reason, { address: request.ip, ...(gateway ? { gateway } : {}) })
    return text(status, `ERROR: ${reason}`)
  }
  if (!deps.enabled) {
    request.log.warn('openNDS authmon poll while OPENNDS_FASKEY is not set')
    return text(404, 'ERROR: no FAS here')
  }
  const gatewayHash = form.gatewayhash ?? ''
  if (!GATEWAY_HASH.test(gatewayHash)) return refuse('bad-gatewayhash', 400)
  try {
    await deps.rateLimits.consume(GATEWAY_LIMIT, [gatewayHash])
    await deps.rateLimits.consume(ADDRESS_LIMIT, [request.ip])
  } catch (error) {
    if (error instanceof AppError && error.codes.includes(ErrorCode.TOO_FREQUENT))
      return refuse('poll-flood', 429, gatewayHash)
    throw error
  }
  const payload = form.payload ?? ''
  if (payload.length > MAX_PAYLOAD || !/^[A-Za-z0-9+/=]*$/.test(payload))
    return refuse('bad-poll', 400, gatewayHash)
  const decoded = Buffer.from(payload, 'base64').toString('utf8').trim()
  const listed = (entries: string[]) =>
    text(200, ['*', ...entries.map((entry) => encodeURIComponent(entry))].join(' '))

  switch (form.auth_get) {
    case 'clear':
      await authmon.clear(gatewayHash)
      deps.counters.polled('clear')
      return text(200, '')
    case 'list':
      deps.counters.polled('list')
      return listed(await authmon.waiting(gatewayHash, true))
    case 'view': {
      if (decoded === 'none' || decoded === '') {
        deps.counters.polled('view')
        return listed(await authmon.waiting(gatewayHash, false))
      }
      const words = decoded.split(/\s+/).filter((word) => word !== '*')
      if (!words.every((word) => RHID.test(word))) return refuse('bad-poll', 400, gatewayHash)
      await authmon.acknowledge(gatewayHash, words)
      deps.counters.polled('ack')
      return text(200, 'ack')
    }
    default:
      // `deauthed` and `custom` (sent only by a gateway's own scripts) are not taken here.
      return refuse('bad-poll', 400, gatewayHash)
  }
}
