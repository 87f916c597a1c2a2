import { isPublicPath, LOGIN_PATH } from '@canopy/shared/routes'
import type { QueryClient } from '@tanstack/react-query'
import { sessionChannel, setApiHooks } from '../shared/api'
import { translateKey } from '../shared/i18n/i18n'
import { loginRedirect } from '../shared/navigation'
import { clearSessionQueries } from '../shared/query'
import { session } from '../shared/storage/session'
import { toast } from '../shared/ui/feedback'
import { hideLoading } from '../shared/ui/loading-overlay'

interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): Promise<void>
}

/** Connects the API client to the console: toasts, the loading overlay, the router, the cache. */
export function wireApiHooks(router: Navigator, queryClient: QueryClient): void {
  setApiHooks({
    toast: (key) => void toast.error(translateKey(key)),
    hideLoading,
    forcedLogout(key) {
      // §4: the server ended the session; drop it here without calling the server back, and in
      // the browser's other tabs, which share it.
      session.clearAll()
      sessionChannel.announce({ kind: 'signedOut', reason: 'ended' })
      hideLoading()
      void toast.error(translateKey(key))
      const { pathname, search } = window.location
      const leave = isPublicPath(pathname)
        ? Promise.resolve()
        : router.navigate(loginRedirect(`${pathname}${search}`), { replace: true })
      // Clear the cache once the frame is gone, so no mounted page refetches without a token.
      void leave.then(() => clearSessionQueries(queryClient))
    },
    refreshFailed({ refused }) {
      // Refused: the session is over for every tab. No answer: only this tab gave up on it.
      if (refused) sessionChannel.announce({ kind: 'signedOut', reason: 'ended' })
      hideLoading()
      if (window.location.pathname !== LOGIN_PATH) window.location.reload()
    },
  })
}
