/**
 * The user session of spec §3. The access token, its lifetime, the time it was obtained and its
 * API domain live in this tab's memory only; the refresh token lives in an HttpOnly cookie the
 * page never sees, shared by every tab of the browser (docs/decisions.md "One session in every
 * tab"). A tab opened later gets its own access token through that cookie. The console's
 * per-tab bits (route item, path, first-time hint flag) stay in sessionStorage.
 */

export interface StoredTokens {
  readonly accessToken: string
  /** lifetime of the access token, in seconds */
  readonly expiresIn: number
  /** epoch milliseconds when the token was obtained */
  readonly obtainedAt: number
  /** the API base URL the token belongs to */
  readonly apiDomain: string
}

/** §4 first-time hint: 1 = show it (no devices yet), 2 = dismissed or not needed. */
export type HintFlag = 1 | 2

const KEYS = {
  routeItem: 'canopy.routeItem',
  path: 'canopy.path',
  hint: 'canopy.hint',
} as const

export interface SessionStore {
  readTokens(): StoredTokens | undefined
  saveTokens(tokens: StoredTokens): void
  /** drops the tokens and the route item (what visiting /login does) */
  clearTokens(): void
  /** drops everything this module stores (logout) */
  clearAll(): void
  readRouteItem(): string[] | undefined
  saveRouteItem(paths: readonly string[]): void
  readPath(): string | undefined
  savePath(path: string): void
  readHint(): HintFlag | undefined
  saveHint(flag: HintFlag): void
}

export function createSessionStore(storage: Storage): SessionStore {
  const read = (key: string) => storage.getItem(key) ?? undefined
  // In memory: a script injected into the page could read storage, and a tab's token is its own.
  let tokens: StoredTokens | undefined

  return {
    readTokens: () => tokens,
    saveTokens(next) {
      tokens = next
    },
    clearTokens() {
      tokens = undefined
      storage.removeItem(KEYS.routeItem)
    },
    clearAll() {
      tokens = undefined
      for (const key of Object.values(KEYS)) storage.removeItem(key)
    },
    readRouteItem() {
      const raw = read(KEYS.routeItem)
      if (!raw) return undefined
      try {
        const parsed: unknown = JSON.parse(raw)
        return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : undefined
      } catch {
        return undefined
      }
    },
    saveRouteItem(paths) {
      storage.setItem(KEYS.routeItem, JSON.stringify(paths))
    },
    readPath: () => read(KEYS.path),
    savePath(path) {
      storage.setItem(KEYS.path, path)
    },
    readHint() {
      const raw = read(KEYS.hint)
      return raw === '1' ? 1 : raw === '2' ? 2 : undefined
    },
    saveHint(flag) {
      storage.setItem(KEYS.hint, String(flag))
    },
  }
}

/** The console's one session: tokens in memory, the rest in this tab's sessionStorage. */
export const session: SessionStore = createSessionStore(window.sessionStorage)
