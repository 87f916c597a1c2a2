import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { session } from '../shared/storage/session'
import { createGuardLoader } from './guard-loader'

const fetchUser = vi.fn()
const restoreSession = vi.fn()

vi.mock('../features/auth/api', () => ({
  currentUserQuery: () => ({ queryKey: ['auth', 'currentUser'], queryFn: () => fetchUser() }),
}))
vi.mock('../shared/api', () => ({ api: { restoreSession: () => restoreSession() } }))

const user = {
  uid: 1,
  name: 'Demo',
  username: 'demo',
  level: 2,
  is_primary: 1,
  is_master: 1,
  bindWechat: 0,
  roles: [],
  menus: ['home'],
  device_functions: [],
  guest: 0,
}
const tokens = { accessToken: 'a', expiresIn: 7200, obtainedAt: Date.now(), apiDomain: '' }

/** Where the guard sent the visit: a redirect's target, 'forbidden' (403 in the frame), or null (the page). */
async function visit(loader: ReturnType<typeof createGuardLoader>, path: string): Promise<string | null> {
  try {
    const outcome = await loader({
      request: new Request(`http://console.test${path}`),
      params: {},
      context: undefined,
    } as never)
    return outcome.forbidden ? 'forbidden' : null
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location')
    throw thrown
  }
}

beforeEach(() => {
  session.clearAll()
  fetchUser.mockReset()
  restoreSession.mockReset()
  // the browser has no session unless a test says so
  restoreSession.mockResolvedValue(false)
})

describe('guard loader', () => {
  it('sends a visitor without a session to login, with the way back', async () => {
    expect(await visit(createGuardLoader(new QueryClient()), '/help?q=1')).toBe(
      '/login?redirect=%2Fhelp%3Fq%3D1',
    )
    expect(restoreSession).toHaveBeenCalledTimes(1)
  })

  it("a tab without a token takes the browser's session (a new tab, a pasted link) and opens the page", async () => {
    restoreSession.mockImplementation(async () => {
      session.saveTokens(tokens)
      return true
    })
    fetchUser.mockResolvedValue(user)
    expect(await visit(createGuardLoader(new QueryClient()), '/device/detail?id=4')).toBeNull()
    expect(restoreSession).toHaveBeenCalledTimes(1)
    expect(session.readPath()).toBe('/device/detail?id=4')
  })

  it('asks for no session on public pages, nor with a token at hand', async () => {
    expect(await visit(createGuardLoader(new QueryClient()), '/register')).toBeNull()
    session.saveTokens(tokens)
    fetchUser.mockResolvedValue(user)
    expect(await visit(createGuardLoader(new QueryClient()), '/help')).toBeNull()
    expect(restoreSession).not.toHaveBeenCalled()
  })

  it('loads the current user once, stores the route item, then proceeds', async () => {
    session.saveTokens(tokens)
    fetchUser.mockResolvedValue(user)
    const loader = createGuardLoader(new QueryClient())
    expect(await visit(loader, '/home/main')).toBeNull()
    expect(await visit(loader, '/help')).toBeNull()
    expect(fetchUser).toHaveBeenCalledTimes(1)
    expect(session.readRouteItem()).toEqual([
      '/home',
      '/home/main',
      '/device',
      '/device/management',
      '/device/alarm',
      '/project',
      '/project/manage',
      '/maintain',
      '/maintain/upgrade',
      '/maintain/log',
      '/maintain/backup',
      '/maintain/tpl',
      '/auth',
      '/auth/portal',
      '/auth/strategy',
      '/auth/method',
      '/auth/detail',
      '/account',
      '/account/list',
    ])
    expect(session.readPath()).toBe('/help')
  })

  it('visiting /login with a token clears the token and the route item', async () => {
    session.saveTokens(tokens)
    session.saveRouteItem(['/home'])
    const queryClient = new QueryClient()
    queryClient.setQueryData(['auth', 'currentUser'], user)
    expect(await visit(createGuardLoader(queryClient), '/login')).toBeNull()
    expect(session.readTokens()).toBeUndefined()
    expect(session.readRouteItem()).toBeUndefined()
    expect(queryClient.getQueryData(['auth', 'currentUser'])).toBeUndefined()
  })

  it('goes to login when the user call ended the session (forced logout)', async () => {
    session.saveTokens(tokens)
    fetchUser.mockImplementation(async () => {
      session.clearAll()
      throw new Error('ended')
    })
    expect(await visit(createGuardLoader(new QueryClient()), '/user_info')).toBe(
      '/login?redirect=%2Fuser_info',
    )
  })

  it('opens to a child account the sections its roles grant (menus from the user call), no more', async () => {
    session.saveTokens(tokens)
    fetchUser.mockResolvedValue({ ...user, is_primary: 0, is_master: 0, menus: ['home', 'project'] })
    const loader = createGuardLoader(new QueryClient())
    expect(await visit(loader, '/project/manage')).toBeNull()
    expect(await visit(loader, '/account/list')).toBe('forbidden')
    expect(session.readRouteItem()).toEqual(['/home', '/home/main', '/project', '/project/manage'])
  })

  it('keeps a child out of a section its roles do not grant', async () => {
    session.saveTokens(tokens)
    fetchUser.mockResolvedValue({ ...user, is_primary: 0, is_master: 0, menus: ['home'] })
    expect(await visit(createGuardLoader(new QueryClient()), '/project/manage')).toBe('forbidden')
  })

  it('opens both sections to a primary account', async () => {
    session.saveTokens(tokens)
    fetchUser.mockResolvedValue({ ...user, menus: ['home', 'device', 'project', 'maintain', 'auth'] })
    const loader = createGuardLoader(new QueryClient())
    expect(await visit(loader, '/project/manage')).toBeNull()
    expect(await visit(loader, '/account/list?tab=roles')).toBeNull()
    expect(await visit(loader, '/account')).toBe('/account/list')
  })

  it('lets any other user-call failure reach the error page', async () => {
    session.saveTokens(tokens)
    fetchUser.mockRejectedValue(new Error('network'))
    await expect(visit(createGuardLoader(new QueryClient()), '/user_info')).rejects.toThrow('network')
  })
})
