/**
 * The stored user session of spec §3: tokens with their lifetime and origin, plus the console's
 * per-session bits (route item, path, first-time hint flag). Kept in sessionStorage: one session
 * per browser tab, so two tabs never race each other with the same single-use refresh token.
 */

export interface StoredTokens {
  readonly accessToken: string
  readonly refreshToken: string
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
  accessToken: 'canopy.accessToken',
  refreshToken: 'canopy.refreshToken',
  expiresIn: 'canopy.expiresIn',
  obtainedAt: 'canopy.obtainedAt',
  apiDomain: 'canopy.apiDomain',
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

  return {
    readTokens() {
      const accessToken = read(KEYS.accessToken)
      const refreshToken = read(KEYS.refreshToken)
      if (!accessToken || !refreshToken) return undefined
      return {
        accessToken,
        refreshToken,
        expiresIn: Number(read(KEYS.expiresIn) ?? 0),
        obtainedAt: Number(read(KEYS.obtainedAt) ?? 0),
        apiDomain: read(KEYS.apiDomain) ?? '',
      }
    },
    saveTokens(tokens) {
      storage.setItem(KEYS.accessToken, tokens.accessToken)
      storage.setItem(KEYS.refreshToken, tokens.refreshToken)
      storage.setItem(KEYS.expiresIn, String(tokens.expiresIn))
      storage.setItem(KEYS.obtainedAt, String(tokens.obtainedAt))
      storage.setItem(KEYS.apiDomain, tokens.apiDomain)
    },
    clearTokens() {
      for (const key of [
        KEYS.accessToken,
        KEYS.refreshToken,
        KEYS.expiresIn,
        KEYS.obtainedAt,
        KEYS.apiDomain,
      ]) {
        storage.removeItem(key)
      }
      storage.removeItem(KEYS.routeItem)
    },
    clearAll() {
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

/** The console's one session, in this tab's sessionStorage. */
export const session: SessionStore = createSessionStore(window.sessionStorage)
