import type { DeviceFunction, MenuSection } from '@canopy/shared/permissions'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { api, sessionChannel, type TokenResponse, toStoredTokens } from '../../shared/api'
import { apiBaseUrl } from '../../shared/config'
import { session } from '../../shared/storage/session'

/** GET backend/auth/userinfo: what the guard and the menu need to know of the signed-in user. */
export interface CurrentUser {
  uid: number
  name: string
  username: string
  level: number
  is_primary: 0 | 1
  is_master: 0 | 1
  bindWechat: 0 | 1
  roles: string[]
  /** the console sections the account's roles grant (every section for a primary account) */
  menus: MenuSection[]
  device_functions: DeviceFunction[]
  /** 1 when one of the account's roles is a guest role: it sees but cannot operate */
  guest: 0 | 1
}

export interface LoginRequest {
  login_type: 'account' | 'phone'
  /** the account name, or the phone digits for a phone login */
  username: string
  password: string
  country_code?: string
}

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'currentUser'] as const,
}

/** Loaded once per session by the guard; changes only with a new login. */
export function currentUserQuery() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) => api.get<CurrentUser>('backend/auth/userinfo', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useCurrentUser() {
  return useQuery(currentUserQuery())
}

/**
 * §4: a successful token call stores the tokens, with the time they were obtained (the refresh
 * token stays in the cookie the server set), and the browser's other tabs follow.
 */
export async function login(request: LoginRequest): Promise<void> {
  const tokens = await api.post<TokenResponse>('backend/auth/token', request, { anonymous: true })
  session.saveTokens(toStoredTokens(tokens, Date.now(), apiBaseUrl()))
  sessionChannel.announce({ kind: 'signedIn' })
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}

/** GET backend/auth/token/destroy; the caller reports a failure and logs out locally anyway. */
export function destroyToken(): Promise<null> {
  return api.get<null>('backend/auth/token/destroy', undefined, { silent: true })
}
