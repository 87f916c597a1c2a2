import { NOTICE_PROTOCOL, NOTICE_SESSION_ENDED, type NoticeMessage } from '@canopy/shared/notice'

/** §4, §9: an abnormal close is retried after 3 s, at most 30 times in a row. */
export const NOTICE_RECONNECT_DELAY_MS = 3000
export const NOTICE_MAX_RECONNECTS = 30
/** §4: the normal close, never retried. */
const NORMAL_CLOSE = 1000

/** The part of the browser's WebSocket this uses (tests pass a fake). */
export interface SocketLike {
  onopen: (() => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number }) => void) | null
  close(code?: number): void
}

export interface NoticeSocketOptions {
  /** ws(s)://host/notice/{uid} */
  url: string
  /** a valid access token (refreshed if needed) for each attempt */
  token: () => Promise<string | undefined>
  onNums: (nums: number) => void
  open?: (url: string, protocols: string[]) => SocketLike
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/**
 * The notice socket (§7 /notice/{uid}) with §4's reconnect policy: after an abnormal close, a new
 * attempt 3 s later, at most 30 in a row (an opened socket starts the count again); the normal
 * close 1000 and the end of the session are final. `stop()` closes with 1000.
 */
export function connectNoticeSocket(options: NoticeSocketOptions): { stop(): void } {
  const open = options.open ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike)
  const setTimer = options.setTimer ?? ((run, ms) => window.setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => window.clearTimeout(timer as number))
  let socket: SocketLike | undefined
  let timer: unknown
  let failures = 0
  let stopped = false

  const retry = () => {
    if (stopped || failures >= NOTICE_MAX_RECONNECTS) return
    failures++
    timer = setTimer(() => void attempt(), NOTICE_RECONNECT_DELAY_MS)
  }

  const attempt = async () => {
    timer = undefined
    let token: string | undefined
    try {
      token = await options.token()
    } catch {
      // No token now (offline, refresh failed): the same as a socket that could not open.
      token = undefined
    }
    if (stopped) return
    if (!token) return retry()
    const current = open(options.url, [NOTICE_PROTOCOL, token])
    socket = current
    current.onopen = () => {
      failures = 0
    }
    current.onmessage = (event) => {
      const message = parseNotice(event.data)
      if (message) options.onNums(message.nums)
    }
    current.onclose = (event) => {
      if (socket !== current) return
      socket = undefined
      if (event.code === NORMAL_CLOSE || event.code === NOTICE_SESSION_ENDED) return
      retry()
    }
  }

  void attempt()
  return {
    stop() {
      stopped = true
      if (timer !== undefined) clearTimer(timer)
      const current = socket
      socket = undefined
      current?.close(NORMAL_CLOSE)
    },
  }
}

/** `{"nums": n}` with a count, or undefined for anything else. */
export function parseNotice(data: unknown): NoticeMessage | undefined {
  if (typeof data !== 'string') return undefined
  try {
    const value = JSON.parse(data) as unknown
    const nums = (value as { nums?: unknown })?.nums
    return typeof nums === 'number' && Number.isInteger(nums) && nums >= 0 ? { nums } : undefined
  } catch {
    return undefined
  }
}
