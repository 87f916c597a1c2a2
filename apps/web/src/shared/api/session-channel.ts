/** What one tab tells the others of the browser's session. */
export type SessionMessage =
  | { readonly kind: 'signedIn' }
  /** `logout`: the user signed out (no way back to their page); `ended`: the server ended it */
  | { readonly kind: 'signedOut'; readonly reason: 'logout' | 'ended' }

export interface SessionChannel {
  announce(message: SessionMessage): void
  /** returns a function that stops listening */
  listen(onMessage: (message: SessionMessage) => void): () => void
}

function isSessionMessage(data: unknown): data is SessionMessage {
  const kind = (data as { kind?: unknown } | null)?.kind
  return kind === 'signedIn' || kind === 'signedOut'
}

/**
 * Tells the browser's other tabs of a login or logout (BroadcastChannel: same origin only, never
 * back to the sender). Without BroadcastChannel a tab learns of it on its next call or refresh.
 */
export function createSessionChannel(name = 'canopy.session'): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => {}, listen: () => () => {} }
  const channel = new BroadcastChannel(name)
  return {
    announce: (message) => channel.postMessage(message),
    listen(onMessage) {
      const listener = (event: MessageEvent) => {
        if (isSessionMessage(event.data)) onMessage(event.data)
      }
      channel.addEventListener('message', listener)
      return () => channel.removeEventListener('message', listener)
    },
  }
}
