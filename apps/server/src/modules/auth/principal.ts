import type { accounts } from '../../db/schema'
import type { AccessGrants } from '../access/grants'

/** An account as services may see it: everything but the password hash. */
export type AccountSnapshot = Omit<typeof accounts.$inferSelect, 'passwordHash'>

/** The signed-in caller as every service sees it: the session, its account and what it may do. */
export interface Principal {
  sessionId: string
  account: AccountSnapshot
  access: AccessGrants
}

/**
 * Principals by session id, so an authenticated call costs a signature check and a map lookup
 * instead of a query. Entries expire after `ttlMs`; a change to an account or a session
 * invalidates them at once (and, with several instances, through the change feed).
 *
 * A load that started before such a change may finish after it with what it read before; it is
 * not kept, or the stale principal would answer for a whole `ttlMs`. Every forget advances
 * `generation`, and `set` takes the generation its load started in.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>()
  private generation = 0

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 100_000,
  ) {}

  get(sessionId: string): Principal | undefined {
    const entry = this.entries.get(sessionId)
    if (!entry) return undefined
    if (entry.expiresAt < Date.now()) {
      this.entries.delete(sessionId)
      return undefined
    }
    return entry.principal
  }

  /** Call before reading a principal from the database; pass the result to `set`. */
  startLoad(): number {
    return this.generation
  }

  set(principal: Principal, loadStartedIn: number): void {
    // Forgets are rare (account and session changes), so dropping every load they overtook
    // costs a few extra queries at most.
    if (loadStartedIn !== this.generation) return
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(principal.sessionId, { principal, expiresAt: Date.now() + this.ttlMs })
  }

  forgetSession(sessionId: string): void {
    this.generation++
    this.entries.delete(sessionId)
  }

  forgetAccount(accountId: number): void {
    this.generation++
    for (const [sessionId, entry] of this.entries) {
      if (entry.principal.account.id === accountId) this.entries.delete(sessionId)
    }
  }
}
