import { apiBaseUrl } from '../config'
import { session } from '../storage/session'
import { type ApiClient, type ApiHooks, createApiClient } from './client'
import { crossTabLock } from './cross-tab-lock'
import { createSessionChannel, type SessionChannel } from './session-channel'

export { ApiError, isApiError, type Violation } from './api-error'
export type { ApiClient, ApiHooks, DownloadedFile, RequestOptions, TokenResponse } from './client'
export { toStoredTokens } from './client'
export type { SessionMessage } from './session-channel'

/** Until the app wires its UI in (app/api-hooks.ts), failures are only logged. */
let hooks: ApiHooks = {
  toast: (key) => console.warn('api:', key),
  hideLoading: () => {},
  forcedLogout: (key) => console.warn('api: forced logout,', key),
  refreshFailed: () => {},
}

export function setApiHooks(next: ApiHooks): void {
  hooks = next
}

/** The console's one API client (§7): envelope, bearer token, refresh, forced logout. */
export const api: ApiClient = createApiClient({
  baseURL: apiBaseUrl(),
  session,
  hooks: {
    toast: (key) => hooks.toast(key),
    hideLoading: () => hooks.hideLoading(),
    forcedLogout: (key) => hooks.forcedLogout(key),
    refreshFailed: (outcome) => hooks.refreshFailed(outcome),
  },
  lock: crossTabLock('canopy.session.refresh'),
})

/** Logins and logouts, told to and heard from the browser's other tabs. */
export const sessionChannel: SessionChannel = createSessionChannel()
