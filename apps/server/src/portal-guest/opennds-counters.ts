import type { FastifyBaseLogger } from 'fastify'
import { RefusalCounts } from '../lib/refusal-counts'

/** Why Canopy refused what came from an openNDS gateway or its guest (docs/operations.md). */
export const OPENNDS_REFUSALS = [
  /** a `fas` that is not openNDS's fields (level 1), or an iv that is not openNDS's */
  'malformed',
  /** a level-3 `fas` that does not decrypt with OPENNDS_FASKEY: the gateway's faskey differs */
  'wrong-key',
  /** an authmon poll without a gatewayhash of 64 hex digits */
  'bad-gatewayhash',
  /** an authmon poll whose `auth_get` or payload is not authmon's */
  'bad-poll',
  /** authmon polls past the limit for one gateway or one address */
  'poll-flood',
  /** guest logins past RATE_LIMIT_GUEST_LOGIN_* */
  'login-flood',
] as const
export type OpenNdsRefusal = (typeof OPENNDS_REFUSALS)[number]

/** authmon's polls Canopy answered, by what they asked (`ack`: a `view` acknowledging). */
export const AUTHMON_POLLS = ['clear', 'view', 'ack', 'list'] as const
export type AuthmonPoll = (typeof AUTHMON_POLLS)[number]

/**
 * What the openNDS surface answered (`GET {API_ROOT}/operator/metrics`, `guests.openNds`): every
 * refusal by reason — logged at most once per reason a minute, with how many lines it left out
 * meanwhile, so a gateway with the wrong faskey polling in a loop costs a counter — and authmon's
 * polls by kind, which tell an operator that level-3 gateways reach Canopy.
 */
export class OpenNdsCounters {
  readonly polls = Object.fromEntries(AUTHMON_POLLS.map((poll) => [poll, 0])) as Record<AuthmonPoll, number>
  private readonly refused: RefusalCounts<OpenNdsRefusal>

  constructor(
    private readonly log: FastifyBaseLogger,
    now: () => number = Date.now,
  ) {
    this.refused = new RefusalCounts(OPENNDS_REFUSALS, now)
  }

  get refusals(): Record<OpenNdsRefusal, number> {
    return this.refused.counts
  }

  refuse(reason: OpenNdsRefusal, detail: { address: string; gateway?: string }): void {
    const due = this.refused.count(reason)
    if (due) this.log.warn({ reason, ...detail, ...due }, 'openNDS request refused')
  }

  polled(poll: AuthmonPoll): void {
    this.polls[poll]++
  }
}
