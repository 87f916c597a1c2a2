import type { Database } from '../../db/client'
import type { GatewayPortal } from './guest-auth.service'
import { type AuthmonEntryState, openNdsAuthQueueRepository } from './opennds-auth-queue.repository'

/**
 * openNDS FAS level 3 (docs/protocol.md, "Guests: openNDS FAS"): a guest let in on a gateway
 * behind NAT is queued here, and the gateway's authmon daemon, polling, takes the queue and runs
 * `ndsctl auth` for each. In the database, so any instance may answer the poll.
 */
export class OpenNdsAuthmonService {
  constructor(private readonly deps: { db: Database }) {}

  /**
   * Queues a guest for the gateway: the line authmon hands to `ndsctl auth` — rhid, the
   * strategy's session length in minutes (0: openNDS's own sessiontimeout), upload and download
   * rates and quotas (0: openNDS's defaults).
   */
  async queue(portal: GatewayPortal, gatewayHash: string, rhid: string): Promise<void> {
    const entry = `${rhid} ${portal.strategy.sessionMinutes} 0 0 0 0`
    await openNdsAuthQueueRepository(this.deps.db).queue({
      gatewayHash,
      rhid,
      entry,
      deviceId: portal.device.id,
    })
  }

  /** Whether the gateway took the guest yet ('taken'), or undefined when it was never queued. */
  state(gatewayHash: string, rhid: string): Promise<AuthmonEntryState | undefined> {
    return openNdsAuthQueueRepository(this.deps.db).state(gatewayHash, rhid)
  }

  /** authmon's `view`/`list` without an acknowledgement: the lines waiting, oldest first. */
  async waiting(gatewayHash: string, take: boolean): Promise<string[]> {
    const queue = openNdsAuthQueueRepository(this.deps.db)
    const rows = await queue.waiting(gatewayHash)
    // `list` hands out and forgets (openNDS's FAS example deletes what it lists).
    if (take)
      await queue.taken(
        gatewayHash,
        rows.map((row) => row.rhid),
      )
    return rows.map((row) => row.entry)
  }

  /** authmon's acknowledgement: the rhids `ndsctl auth` authenticated. */
  acknowledge(gatewayHash: string, rhids: string[]): Promise<number> {
    return openNdsAuthQueueRepository(this.deps.db).taken(gatewayHash, rhids)
  }

  /** authmon's `clear` at openNDS's start: what waited for it before is stale. */
  clear(gatewayHash: string): Promise<number> {
    return openNdsAuthQueueRepository(this.deps.db).clear(gatewayHash)
  }
}
