import { isPublicPath, LOGIN_PATH, menuFor } from '@canopy/shared/routes'
import type { QueryClient } from '@tanstack/react-query'
import { type LoaderFunctionArgs, redirect } from 'react-router'
import { type CurrentUser, currentUserQuery } from '../features/auth/api'
import { api } from '../shared/api'
import { loginRedirect } from '../shared/navigation'
import { clearSessionQueries } from '../shared/query'
import { session } from '../shared/storage/session'
import { decideNavigation } from './guard'

function menuPaths(user: CurrentUser): string[] {
  return menuFor(user).flatMap((route) => [route.path, ...(route.children ?? []).map((child) => child.path)])
}

/** The root route's data: whether the page asked for is one the user's role lacks (shown as 403). */
export interface GuardOutcome {
  readonly forbidden: boolean
}

/**
 * The root route's loader runs before every navigation (shouldRevalidate: always) and carries
 * out the guard's decision. The current user lives in the query cache, so it is fetched once.
 */
export function createGuardLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<GuardOutcome> => {
    const { pathname, search } = new URL(request.url)
    const inputFor = (user: CurrentUser | undefined) => ({
      pathname,
      search,
      hasToken: session.readTokens() !== undefined,
      user,
    })

    let decision = decideNavigation(inputFor(queryClient.getQueryData(currentUserQuery().queryKey)))
    // A page that wants a session, in a tab that has no token yet (opened by Ctrl-click, a pasted
    // link, a reload): the browser's session, if it has one, gives this tab its own token.
    if (decision.kind === 'redirect' && !session.readTokens() && decision.to.startsWith(`${LOGIN_PATH}?`)) {
      if (await api.restoreSession()) decision = decideNavigation(inputFor(undefined))
    }
    if (decision.kind === 'loadUser') {
      let user: CurrentUser
      try {
        user = await queryClient.fetchQuery(currentUserQuery())
      } catch (error) {
        // A forced logout (expired session, disabled account) already cleared the tokens.
        if (!session.readTokens()) throw redirect(loginRedirect(`${pathname}${search}`))
        throw error
      }
      session.saveRouteItem(menuPaths(user))
      decision = decideNavigation(inputFor(user))
    }

    if (decision.kind === 'redirect') throw redirect(decision.to)
    if (decision.kind === 'loadUser') throw new Error('guard: the user is loaded and still unknown')
    // The frame renders the 403 view in place of the page (FrameLayout), menu and all.
    if (decision.kind === 'forbidden') return { forbidden: true }
    if (decision.clearSession) {
      session.clearTokens()
      clearSessionQueries(queryClient)
    } else if (!isPublicPath(pathname)) {
      session.savePath(`${pathname}${search}`)
    }
    return { forbidden: false }
  }
}
