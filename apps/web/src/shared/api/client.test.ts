import { ErrorCode } from '@canopy/shared/errors'
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createSessionStore, type StoredTokens } from '../storage/session'
import { ApiError } from './api-error'
import { type ApiHooks, createApiClient } from './client'
import type { CrossTabLock } from './cross-tab-lock'

const NOW = 1_700_000_000_000
const BASE = 'http://console.test/api/'

type Reply = { status: number; data: unknown }
type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>

function envelope(data: unknown, codes: number[] = []) {
  return { status: codes[0] ?? 10000, errorCode: codes, data }
}

function setup(handler: Handler, tokens?: Partial<StoredTokens>, lock?: CrossTabLock) {
  const session = createSessionStore(window.sessionStorage)
  if (tokens) {
    session.saveTokens({
      accessToken: 'access-1',
      expiresIn: 3600,
      obtainedAt: NOW,
      apiDomain: BASE,
      ...tokens,
    })
  }
  const hooks: ApiHooks = {
    toast: vi.fn(),
    hideLoading: vi.fn(),
    forcedLogout: vi.fn(),
    refreshFailed: vi.fn(),
  }
  const calls: InternalAxiosRequestConfig[] = []
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    calls.push(config)
    const { status, data } = await handler(config)
    return { status, statusText: '', headers: {}, config, data }
  }
  const client = createApiClient({ baseURL: BASE, session, hooks, adapter, now: () => NOW, lock })
  return { client, hooks, calls, session }
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected the call to fail')
}

beforeEach(() => {
  window.sessionStorage.clear()
})

describe('envelope', () => {
  it('resolves with data when the status is 10000', async () => {
    const { client, hooks } = setup(() => ({ status: 200, data: envelope({ uid: 7 }) }))
    await expect(client.get('backend/auth/userinfo')).resolves.toEqual({ uid: 7 })
    expect(hooks.toast).not.toHaveBeenCalled()
  })

  it('sends the stored access token as a bearer token', async () => {
    const { client, calls } = setup(() => ({ status: 200, data: envelope(null) }), {})
    await client.get('backend/user/info')
    expect(calls[0]?.headers.Authorization).toBe('Bearer access-1')
    expect(calls[0]?.url).toBe('backend/user/info')
  })

  it('sends no token on anonymous calls', async () => {
    const { client, calls } = setup(() => ({ status: 200, data: envelope(null) }), {})
    await client.post('backend/auth/token', {}, { anonymous: true })
    expect(calls[0]?.headers.Authorization).toBeUndefined()
  })
})

describe('failures', () => {
  it('toasts a listed code, hides the loading overlay and still rejects', async () => {
    const { client, hooks } = setup(() => ({ status: 429, data: envelope(null, [ErrorCode.TOO_FREQUENT]) }))
    const error = await rejection(client.post('backend/user/password/sendmail', {}))
    expect(hooks.toast).toHaveBeenCalledWith('errors.tooFrequent')
    expect(hooks.hideLoading).toHaveBeenCalled()
    expect(hooks.forcedLogout).not.toHaveBeenCalled()
    expect(error).toMatchObject({ codes: [ErrorCode.TOO_FREQUENT], status: 429, shown: true })
  })

  it('rejects an unlisted code to the caller without a toast', async () => {
    const { client, hooks } = setup(() => ({
      status: 400,
      data: envelope(null, [ErrorCode.ACCOUNT_OR_PASSWORD]),
    }))
    const error = await rejection(client.post('backend/auth/token', {}, { anonymous: true }))
    expect(error.messageKey).toBe('errors.accountOrPassword')
    expect(error.shown).toBe(false)
    expect(hooks.toast).not.toHaveBeenCalled()
    expect(hooks.forcedLogout).not.toHaveBeenCalled()
  })

  it.each([
    ['an unlisted code', ErrorCode.ACCOUNT_OR_PASSWORD],
    ['a listed code that is no logout code', ErrorCode.TOO_FREQUENT],
    ['a code outside the catalogue', 699999999],
  ])('forces a logout on HTTP 401 whatever it carries (§8): %s', async (_, code) => {
    const { client, hooks } = setup(() => ({ status: 401, data: envelope(null, [code]) }), {})
    const error = await rejection(
      client.post('backend/device/bind', {}, { shownInPlace: [ErrorCode.ACCOUNT_OR_PASSWORD] }),
    )
    expect(hooks.forcedLogout).toHaveBeenCalledWith('errors.unauthorized')
    expect(hooks.toast).not.toHaveBeenCalled()
    expect(error).toMatchObject({
      codes: [code],
      status: 401,
      messageKey: 'errors.unauthorized',
      shown: true,
    })
  })

  it('hands field violations to the caller', async () => {
    const violations = [{ field: 'email', rule: 'validation.email_set_error_tips' }]
    const { client } = setup(() => ({
      status: 400,
      data: envelope({ violations }, [ErrorCode.INVALID_PARAMETER]),
    }))
    const error = await rejection(client.post('backend/user/register', {}))
    expect(error.violations).toEqual(violations)
  })

  it('forces a logout on a logout code, without a toast of its own', async () => {
    const { client, hooks } = setup(
      () => ({ status: 401, data: envelope(null, [ErrorCode.ACCOUNT_DISABLED]) }),
      {},
    )
    const error = await rejection(client.get('backend/user/info'))
    expect(hooks.forcedLogout).toHaveBeenCalledWith('errors.accountDisabled')
    expect(hooks.toast).not.toHaveBeenCalled()
    expect(error.shown).toBe(true)
  })

  it('forces a logout on HTTP 401 without an envelope', async () => {
    const { client, hooks } = setup(() => ({ status: 401, data: 'Unauthorized' }), {})
    await rejection(client.get('backend/user/info'))
    expect(hooks.forcedLogout).toHaveBeenCalledWith('errors.unauthorized')
  })

  it('toasts the HTTP status message when there is no envelope', async () => {
    const { client, hooks } = setup(() => ({ status: 502, data: '<html>Bad Gateway</html>' }))
    const error = await rejection(client.get('backend/common/countrycodes'))
    expect(hooks.toast).toHaveBeenCalledWith('errors.badGateway')
    expect(error.status).toBe(502)
  })

  it('toasts a network error and a timeout', async () => {
    const network = setup(() => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK')))
    await rejection(network.client.get('backend/common/countrycodes'))
    expect(network.hooks.toast).toHaveBeenCalledWith('errors.network')

    const timeout = setup(() => Promise.reject(new AxiosError('timeout', 'ECONNABORTED')))
    await rejection(timeout.client.get('backend/common/countrycodes'))
    expect(timeout.hooks.toast).toHaveBeenCalledWith('errors.timeout')
  })

  it('leaves a listed code the caller shows in place to the caller, and still forces logouts', async () => {
    const { client, hooks } = setup(() => ({ status: 400, data: envelope(null, [ErrorCode.BIND_ERROR]) }), {})
    const options = { shownInPlace: [ErrorCode.BIND_ERROR, ErrorCode.TOKEN_EXPIRED] }
    const error = await rejection(client.post('backend/device/bind', {}, options))
    expect(hooks.toast).not.toHaveBeenCalled()
    expect(error).toMatchObject({
      codes: [ErrorCode.BIND_ERROR],
      messageKey: 'errors.bindError',
      shown: false,
    })

    const expired = setup(() => ({ status: 401, data: envelope(null, [ErrorCode.TOKEN_EXPIRED]) }), {})
    await rejection(expired.client.post('backend/device/bind', {}, options))
    expect(expired.hooks.forcedLogout).toHaveBeenCalledWith('errors.credentialsExpired')
  })

  it('stays silent when the caller asks it to', async () => {
    const { client, hooks } = setup(
      () => ({ status: 401, data: envelope(null, [ErrorCode.TOKEN_EXPIRED]) }),
      {},
    )
    const error = await rejection(client.get('backend/auth/token/destroy', undefined, { silent: true }))
    expect(hooks.forcedLogout).not.toHaveBeenCalled()
    expect(hooks.toast).not.toHaveBeenCalled()
    expect(error.shown).toBe(false)
  })
})

describe('token refresh', () => {
  // Refreshed through the cookie: the answer carries no refresh token.
  const fresh = {
    access_token: 'access-2',
    expires_in: 3600,
    token_type: 'Bearer',
  }

  function refreshingServer(refreshReply: () => { status: number; data: unknown }) {
    return (config: InternalAxiosRequestConfig) => {
      if (config.url === 'backend/auth/token/refresh') return refreshReply()
      return { status: 200, data: envelope({ auth: config.headers.Authorization }) }
    }
  }

  it('does not refresh before 80% of the lifetime', async () => {
    const { client, calls } = setup(
      refreshingServer(() => ({ status: 200, data: envelope(fresh) })),
      { obtainedAt: NOW - 3600 * 1000 * 0.79 },
    )
    await expect(client.get('backend/user/info')).resolves.toEqual({ auth: 'Bearer access-1' })
    expect(calls.map((c) => c.url)).toEqual(['backend/user/info'])
  })

  it('refreshes first once more than 80% has passed, and stores the new pair', async () => {
    const { client, calls, session } = setup(
      refreshingServer(() => ({ status: 200, data: envelope(fresh) })),
      { obtainedAt: NOW - 3600 * 1000 * 0.81 },
    )
    await expect(client.get('backend/user/info')).resolves.toEqual({ auth: 'Bearer access-2' })
    expect(calls.map((c) => c.url)).toEqual(['backend/auth/token/refresh', 'backend/user/info'])
    // the refresh token is the browser's HttpOnly cookie: the body names none
    expect(JSON.parse(calls[0]?.data as string)).toEqual({})
    expect(session.readTokens()).toMatchObject({ accessToken: 'access-2', obtainedAt: NOW })
  })

  it('runs one refresh for concurrent calls, which all wait for it', async () => {
    const { client, calls } = setup(
      refreshingServer(() => ({ status: 200, data: envelope(fresh) })),
      { obtainedAt: NOW - 3600 * 1000 * 0.9 },
    )
    const results = await Promise.all([
      client.get('backend/user/info'),
      client.get('backend/auth/userinfo'),
      client.post('backend/user/save', {}),
    ])
    expect(results).toEqual([
      { auth: 'Bearer access-2' },
      { auth: 'Bearer access-2' },
      { auth: 'Bearer access-2' },
    ])
    expect(calls.filter((c) => c.url === 'backend/auth/token/refresh')).toHaveLength(1)
  })

  it('logs out locally when the refresh fails, without sending the call', async () => {
    const { client, calls, hooks, session } = setup(
      refreshingServer(() => ({ status: 401, data: envelope(null, [ErrorCode.REFRESH_TOKEN_REUSED]) })),
      { obtainedAt: NOW - 3600 * 1000 },
    )
    session.saveRouteItem(['/home/main'])
    await rejection(client.get('backend/user/info'))
    expect(hooks.refreshFailed).toHaveBeenCalledTimes(1)
    expect(hooks.refreshFailed).toHaveBeenCalledWith({ refused: true })
    expect(hooks.forcedLogout).not.toHaveBeenCalled()
    expect(session.readTokens()).toBeUndefined()
    expect(session.readRouteItem()).toBeUndefined()
    expect(calls.map((c) => c.url)).toEqual(['backend/auth/token/refresh'])
  })
})

describe('one session in every tab', () => {
  const issued = { access_token: 'access-new', expires_in: 3600, token_type: 'Bearer' }

  it('a tab without a token gets one through the refresh cookie, once for concurrent asks', async () => {
    const { client, calls, session, hooks } = setup((config) =>
      config.url === 'backend/auth/token/refresh'
        ? { status: 200, data: envelope(issued) }
        : { status: 200, data: envelope({ auth: config.headers.Authorization }) },
    )
    expect(await Promise.all([client.restoreSession(), client.restoreSession()])).toEqual([true, true])
    expect(calls.map((c) => c.url)).toEqual(['backend/auth/token/refresh'])
    expect(session.readTokens()).toMatchObject({ accessToken: 'access-new', obtainedAt: NOW })
    await expect(client.get('backend/user/info')).resolves.toEqual({ auth: 'Bearer access-new' })
    // a tab that has its token asks no more
    expect(await client.restoreSession()).toBe(true)
    expect(calls).toHaveLength(2)
    expect(hooks.refreshFailed).not.toHaveBeenCalled()
  })

  it('a browser without a session restores none, and nobody is told', async () => {
    const { client, hooks } = setup(() => ({
      status: 401,
      data: envelope(null, [ErrorCode.REFRESH_TOKEN_INVALID]),
    }))
    expect(await client.restoreSession()).toBe(false)
    expect(hooks.refreshFailed).not.toHaveBeenCalled()
    expect(hooks.forcedLogout).not.toHaveBeenCalled()
    expect(hooks.toast).not.toHaveBeenCalled()
  })

  it('no answer at all is an error, not "signed out"', async () => {
    const { client } = setup(() => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK')))
    const error = await rejection(client.restoreSession())
    expect(error).toMatchObject({ status: 0, messageKey: 'errors.network', shown: false })
  })

  it('tabs refreshing at once take turns, so the single-use cookie is never presented twice', async () => {
    // The browser's cookie jar and the server's rule: a used refresh token ends the session.
    let cookie = 'r0'
    let rotations = 0
    const used = new Set<string>()
    const server: Handler = async (config) => {
      if (config.url !== 'backend/auth/token/refresh') return { status: 200, data: envelope(null) }
      const presented = cookie
      await new Promise((resolve) => setTimeout(resolve, 10))
      if (used.has(presented)) return { status: 401, data: envelope(null, [ErrorCode.REFRESH_TOKEN_REUSED]) }
      used.add(presented)
      rotations += 1
      cookie = `r${rotations}`
      return { status: 200, data: envelope({ ...issued, access_token: `access-${rotations}` }) }
    }
    // One lock for the browser, as Web Locks give (tabs share nothing else but the cookie).
    let queue: Promise<unknown> = Promise.resolve()
    const browserLock: CrossTabLock = (work) => {
      const turn = queue.then(work)
      queue = turn.catch(() => undefined)
      return turn
    }
    const stale = { obtainedAt: NOW - 3600 * 1000 * 0.9 }
    const tabs = [
      setup(server, stale, browserLock),
      setup(server, stale, browserLock),
      setup(server, undefined, browserLock),
    ]
    const [first, second, opened] = tabs
    await Promise.all([
      first!.client.get('backend/user/info'),
      second!.client.get('backend/user/info'),
      opened!.client.restoreSession(),
    ])
    expect(rotations).toBe(3)
    for (const tab of tabs) expect(tab.hooks.refreshFailed).not.toHaveBeenCalled()
  })
})
