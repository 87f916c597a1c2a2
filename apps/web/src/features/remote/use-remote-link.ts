import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { isApiError } from '../../shared/api'
import { type LinkedDevice, useLinkedDevice } from './api'
import { type LinkProblem, linkProblem, type RemoteService, readLinkClaims, refusalProblem } from './link'

export interface RemoteLinkState {
  token: string
  /** when the link stops working, if it says */
  expiresAt: Date | undefined
  device: LinkedDevice | undefined
  problem: LinkProblem | undefined
  /** a failure that is not the link's (network, server): its message key */
  failure: string | undefined
}

/** How often the page looks at the clock for the link's expiry. */
const CLOCK_MS = 5_000

/** The link in the page's ?token=, what it leads to, and whether it still works. */
export function useRemoteLink(service: RemoteService): RemoteLinkState {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const now = useClock(CLOCK_MS)
  const early = linkProblem(token, service, now)
  const linked = useLinkedDevice(token, early === undefined)
  const exp = readLinkClaims(token)?.exp
  const refused = refusalProblem(linked.error)
  return {
    token,
    expiresAt: exp === undefined ? undefined : new Date(exp * 1000),
    device: linked.data,
    problem: early ?? refused,
    failure:
      linked.error && !refused && !linked.data
        ? isApiError(linked.error)
          ? linked.error.messageKey
          : 'errors.network'
        : undefined,
  }
}

function useClock(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}
