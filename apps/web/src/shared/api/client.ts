import { describeError, type Envelope, httpStatusMessageKey, SUCCESS_STATUS } from '@canopy/shared/errors'
import axios, { type AxiosAdapter, type AxiosRequestConfig, type AxiosResponse, isAxiosError } from 'axios'
import type { SessionStore, StoredTokens } from '../storage/session'
import { ApiError } from './api-error'
import type { CrossTabLock } from './cross-tab-lock'
import { needsRefresh, singleFlight } from './token-refresh'

/** §9 request timeout. */
export const REQUEST_TIMEOUT_MS = 60_000

const REFRESH_PATH = 'backend/auth/token/refresh'

/** What the client asks of the app around it; the client itself knows no UI and no router. */
export interface ApiHooks {
  /** show the translated message as an error toast (3 s) */
  toast(messageKey: string): void
  hideLoading(): void
  /** the server ended the session: drop it locally (no server call), go to login, say why */
  forcedLogout(messageKey: string): void
  /**
   * the token could not be refreshed; the local session is already cleared. `refused`: the
   * server said no (the session is over for every tab), rather than no answer arriving.
   */
  refreshFailed(outcome: { refused: boolean }): void
}

export interface RequestOptions {
  /** the caller reports every failure itself: no toast, no forced logout (e.g. the logout call) */
  readonly silent?: boolean
  /** no bearer token and no refresh (login, register, password reset) */
  readonly anonymous?: boolean
  /**
   * Listed §8 codes the caller shows where they belong (next to a dialog's buttons) instead of
   * the client's toast: the bind dialog keeps "bind error" and "device limit" in view.
   */
  readonly shownInPlace?: readonly number[]
  readonly signal?: AbortSignal
}

export interface ApiClient {
  get<T>(path: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<T>
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  /**
   * A file the server answers as it is (a CSV export), not in the envelope: its bytes and the
   * name the server gave it. A refusal still comes as an envelope and is reported like any call.
   */
  download(path: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<DownloadedFile>
  /**
   * A tab without an access token (just opened, reloaded) asks for one through the browser's
   * refresh cookie: true when the browser has a session, false when the server says it has none.
   * Rejects (ApiError, status 0) when no answer arrived. Tells the user nothing.
   */
  restoreSession(): Promise<boolean>
}

export interface DownloadedFile {
  blob: Blob
  /** from Content-Disposition, when the server named the file */
  filename: string | undefined
}

export interface ApiClientDeps {
  readonly baseURL: string
  readonly session: SessionStore
  readonly hooks: ApiHooks
  /** tests pass a fake; the browser uses axios's XHR adapter */
  readonly adapter?: AxiosAdapter
  readonly now?: () => number
  /**
   * Held around every refresh: one refresh at a time across the browser's tabs, since they share
   * one single-use refresh token (the cookie) and presenting a used one ends the session.
   */
  readonly lock?: CrossTabLock
}

/**
 * The token call's answer (§7). The refresh token in it is not kept by the console: the server
 * also set it as an HttpOnly cookie, and refreshes through the cookie answer without it.
 */
export interface TokenResponse {
  access_token: string
  refresh_token?: string
  expires_in: number
  token_type: 'Bearer'
}

export function toStoredTokens(response: TokenResponse, obtainedAt: number, apiDomain: string): StoredTokens {
  return {
    accessToken: response.access_token,
    expiresIn: response.expires_in,
    obtainedAt,
    apiDomain,
  }
}

function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Envelope).status === 'number' &&
    Array.isArray((body as Envelope).errorCode)
  )
}

/** How a failed call is reported: which message, and whether as a toast or as a forced logout. */
export interface Failure {
  readonly codes: readonly number[]
  readonly status: number
  readonly data: unknown
  readonly messageKey: string
  readonly toast: boolean
  readonly forceLogout: boolean
}

/** Reads a response that is not a success (§8): envelope codes first, the HTTP status otherwise. */
export function failureOf(response: Pick<AxiosResponse, 'status' | 'data'>): Failure {
  const { status, data: body } = response
  if (isEnvelope(body)) {
    const codes = body.errorCode.length > 0 ? body.errorCode : [body.status]
    const definition = describeError(codes[0]!)
    // §8: the listed logout codes, and HTTP 401 whatever code it carries, end the session. The
    // server keeps 401 for those codes only (a wrong password is a 400; docs/decisions.md).
    const forceLogout = definition?.forceLogout === true || status === 401
    // A 401 whose code is no logout code is told with §8's 401 tip ("Unauthorized, log in again").
    const key = forceLogout && !definition?.forceLogout ? undefined : definition?.key
    return {
      codes,
      status,
      data: body.data,
      messageKey: key ?? httpStatusMessageKey(status),
      toast: !forceLogout && (definition?.toast ?? false),
      forceLogout,
    }
  }
  // No envelope (an HTML error page, a proxy's 502): only the status is known, and it is toasted.
  const forceLogout = status === 401
  return {
    codes: [],
    status,
    data: null,
    messageKey: httpStatusMessageKey(status),
    toast: !forceLogout,
    forceLogout,
  }
}

/** No response at all: the network failed or the 60 s timeout struck. */
function transportFailure(cause: unknown): Failure {
  const timedOut = isAxiosError(cause) && (cause.code === 'ECONNABORTED' || cause.code === 'ETIMEDOUT')
  return {
    codes: [],
    status: 0,
    data: null,
    messageKey: timedOut ? 'errors.timeout' : 'errors.network',
    toast: true,
    forceLogout: false,
  }
}

function toApiError(failure: Failure, shown: boolean): ApiError {
  return new ApiError(failure.codes, failure.status, failure.data, failure.messageKey, shown)
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const now = deps.now ?? Date.now
  const http = axios.create({
    baseURL: deps.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    // Every status comes back as a response: the envelope, not the status, says what happened.
    validateStatus: () => true,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  })

  const lock = deps.lock ?? ((work) => work())

  type Refreshed = { ok: true; tokens: StoredTokens } | { ok: false; failure: Failure }
  /** One refresh through the cookie, in turn with the other tabs; each tab gets its own token. */
  const refreshThroughCookie = singleFlight(() =>
    lock(async (): Promise<Refreshed> => {
      try {
        const response = await http.post(REFRESH_PATH, {})
        if (isEnvelope(response.data) && response.data.status === SUCCESS_STATUS) {
          const tokens = toStoredTokens(response.data.data as TokenResponse, now(), deps.baseURL)
          deps.session.saveTokens(tokens)
          return { ok: true, tokens }
        }
        return { ok: false, failure: failureOf(response) }
      } catch (cause) {
        return { ok: false, failure: transportFailure(cause) }
      }
    }),
  )

  async function refreshTokens(): Promise<StoredTokens> {
    const refreshed = await refreshThroughCookie()
    if (refreshed.ok) return refreshed.tokens
    // §4: a failed refresh is a local logout; the app reloads (unless already on the login page).
    deps.session.clearAll()
    deps.hooks.refreshFailed({ refused: refreshed.failure.status !== 0 })
    throw toApiError(refreshed.failure, true)
  }

  async function restoreSession(): Promise<boolean> {
    if (deps.session.readTokens()) return true
    const refreshed = await refreshThroughCookie()
    if (refreshed.ok) return true
    if (refreshed.failure.status === 0) throw toApiError(refreshed.failure, false)
    return false
  }

  async function authorization(options: RequestOptions): Promise<Record<string, string>> {
    if (options.anonymous) return {}
    let tokens = deps.session.readTokens()
    if (!tokens) return {}
    if (needsRefresh(tokens, now())) tokens = await refreshTokens()
    return { Authorization: `Bearer ${tokens.accessToken}` }
  }

  /** Tells the user (unless the caller asked for silence) and returns the error to reject with. */
  function report(failure: Failure, options: RequestOptions): ApiError {
    if (options.silent) return toApiError(failure, false)
    if (failure.forceLogout) {
      deps.hooks.forcedLogout(failure.messageKey)
    } else if (failure.codes.some((code) => options.shownInPlace?.includes(code))) {
      return toApiError(failure, false)
    } else if (failure.toast) {
      deps.hooks.hideLoading()
      deps.hooks.toast(failure.messageKey)
    }
    return toApiError(failure, failure.forceLogout || failure.toast)
  }

  async function send<T>(config: AxiosRequestConfig, options: RequestOptions = {}): Promise<T> {
    const headers = await authorization(options)
    let response: AxiosResponse
    try {
      response = await http.request({ ...config, headers, signal: options.signal })
    } catch (cause) {
      if (axios.isCancel(cause)) throw cause
      throw report(transportFailure(cause), options)
    }
    if (isEnvelope(response.data) && response.data.status === SUCCESS_STATUS) {
      return response.data.data as T
    }
    throw report(failureOf(response), options)
  }

  async function download(url: string, params?: Record<string, unknown>, options: RequestOptions = {}) {
    const headers = await authorization(options)
    let response: AxiosResponse<Blob>
    try {
      response = await http.request<Blob>({
        method: 'GET',
        url,
        params,
        headers,
        signal: options.signal,
        responseType: 'blob',
      })
    } catch (cause) {
      if (axios.isCancel(cause)) throw cause
      throw report(transportFailure(cause), options)
    }
    const type = String(response.headers['content-type'] ?? '')
    if (response.status === 200 && !type.includes('application/json')) {
      return {
        blob: response.data,
        filename: filenameOf(String(response.headers['content-disposition'] ?? '')),
      }
    }
    // A refusal is an envelope in JSON: read it as the other calls do.
    let body: unknown = null
    try {
      body = JSON.parse(await response.data.text())
    } catch {
      // Not JSON (a proxy's error page): the status alone is reported.
    }
    throw report(failureOf({ status: response.status, data: body }), options)
  }

  return {
    get: (url, params, options) => send({ method: 'GET', url, params }, options),
    post: (url, data, options) => send({ method: 'POST', url, data }, options),
    download,
    restoreSession,
  }
}

/** `attachment; filename="upgrade-log.csv"` → upgrade-log.csv */
export function filenameOf(disposition: string): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)
  return match?.[1] ? decodeURIComponent(match[1]) : undefined
}
