import type { StoredTokens } from '../storage/session'

/** §4, §9: refresh once more than 80% of the access token's lifetime has passed. */
export const REFRESH_AFTER_FRACTION = 0.8

export function needsRefresh(tokens: StoredTokens, now: number): boolean {
  return now - tokens.obtainedAt > tokens.expiresIn * 1000 * REFRESH_AFTER_FRACTION
}

/**
 * Runs `refresh` at most once at a time: calls that arrive while one is under way wait for it
 * and share its outcome (refresh tokens are single-use, so a second refresh would fail).
 */
export function singleFlight<T>(refresh: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined
  return () => {
    inFlight ??= refresh().finally(() => {
      inFlight = undefined
    })
    return inFlight
  }
}
