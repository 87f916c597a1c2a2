import { isPublicPath, LOGIN_PATH } from '@canopy/shared/routes'
import type { SessionChannel, SessionMessage } from '../shared/api/session-channel'
import { loginRedirect } from '../shared/navigation'
import type { SessionStore } from '../shared/storage/session'

/** Where this tab goes when another tab of the browser tells it of the session. */
export type TabReaction = { readonly kind: 'stay' } | { readonly kind: 'load'; readonly to: string }

/**
 * - signed out elsewhere: a signed-in page leaves for the login page, the way back kept only when
 *   the server ended the session (after a logout the next user starts at home, as in that tab);
 * - signed in elsewhere: the browser's session (its cookie) is now that login's, so a tab that
 *   shows a signed-in page loads it again as whoever that is (the guard decides); public pages stay.
 */
export function reactToSessionMessage(
  message: SessionMessage,
  where: { pathname: string; search: string },
  signedInHere: boolean,
): TabReaction {
  const onPublicPage = isPublicPath(where.pathname)
  if (message.kind === 'signedOut') {
    if (onPublicPage) return { kind: 'stay' }
    const to = message.reason === 'logout' ? LOGIN_PATH : loginRedirect(`${where.pathname}${where.search}`)
    return { kind: 'load', to }
  }
  return onPublicPage && !signedInHere
    ? { kind: 'stay' }
    : { kind: 'load', to: `${where.pathname}${where.search}` }
}

/**
 * Follows logins and logouts of the browser's other tabs. A tab that leaves loads its next page
 * afresh, so nothing of the previous session (cache, token, open dialogs) outlives it.
 */
export function followOtherTabs(channel: SessionChannel, session: SessionStore): () => void {
  return channel.listen((message) => {
    const signedInHere = session.readTokens() !== undefined
    if (message.kind === 'signedOut') session.clearAll()
    const reaction = reactToSessionMessage(message, window.location, signedInHere)
    if (reaction.kind === 'load') window.location.replace(reaction.to)
  })
}
