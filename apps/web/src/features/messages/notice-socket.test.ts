import { NOTICE_PROTOCOL, NOTICE_SESSION_ENDED } from '@canopy/shared/notice'
import { describe, expect, it } from 'vitest'
import {
  connectNoticeSocket,
  NOTICE_MAX_RECONNECTS,
  NOTICE_RECONNECT_DELAY_MS,
  parseNotice,
  type SocketLike,
} from './notice-socket'

/** A fake browser: the sockets opened, and the timers waiting with their delays. */
function harness(token: string | null = 'tok') {
  const sockets: Array<SocketLike & { protocols: string[]; closedWith?: number }> = []
  const timers: Array<{ run: () => void; ms: number; cleared?: boolean }> = []
  const counts: number[] = []
  const connection = connectNoticeSocket({
    url: 'ws://console.test/notice/7',
    token: async () => token ?? undefined,
    onNums: (nums) => counts.push(nums),
    open: (_url, protocols) => {
      const socket = {
        protocols,
        onopen: null,
        onmessage: null,
        onclose: null,
        close(code?: number) {
          socket.closedWith = code
        },
      } as SocketLike & { protocols: string[]; closedWith?: number }
      sockets.push(socket)
      return socket
    },
    setTimer: (run, ms) => {
      const timer = { run, ms }
      timers.push(timer)
      return timer
    },
    clearTimer: (timer) => {
      ;(timer as { cleared: boolean }).cleared = true
    },
  })
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  /** runs the last timer (the pending reconnect) and lets its attempt open */
  const elapse = async () => {
    timers.at(-1)!.run()
    await settle()
  }
  return { sockets, timers, counts, connection, settle, elapse }
}

describe('the notice socket (§4 reconnect policy)', () => {
  it('opens with the token as second subprotocol and passes on each count', async () => {
    const { sockets, counts, settle } = harness()
    await settle()
    expect(sockets[0]!.protocols).toEqual([NOTICE_PROTOCOL, 'tok'])
    sockets[0]!.onopen!()
    sockets[0]!.onmessage!({ data: '{"nums":3}' })
    sockets[0]!.onmessage!({ data: 'not json' })
    sockets[0]!.onmessage!({ data: '{"nums":-1}' })
    sockets[0]!.onmessage!({ data: '{"nums":0}' })
    expect(counts).toEqual([3, 0])
  })

  it('retries an abnormal close after 3 s, at most 30 times in a row', async () => {
    const { sockets, timers, settle, elapse } = harness()
    await settle()
    for (let attempt = 0; attempt < NOTICE_MAX_RECONNECTS; attempt++) {
      sockets.at(-1)!.onclose!({ code: 1006 })
      expect(timers.at(-1)!.ms).toBe(NOTICE_RECONNECT_DELAY_MS)
      await elapse()
    }
    expect(sockets).toHaveLength(NOTICE_MAX_RECONNECTS + 1)
    sockets.at(-1)!.onclose!({ code: 1006 })
    expect(timers).toHaveLength(NOTICE_MAX_RECONNECTS)
  })

  it('counts again from zero once a socket opened', async () => {
    const { sockets, timers, settle, elapse } = harness()
    await settle()
    for (let attempt = 0; attempt < NOTICE_MAX_RECONNECTS - 1; attempt++) {
      sockets.at(-1)!.onclose!({ code: 1006 })
      await elapse()
    }
    sockets.at(-1)!.onopen!()
    sockets.at(-1)!.onclose!({ code: 1011 })
    await elapse()
    sockets.at(-1)!.onclose!({ code: 1006 })
    expect(timers).toHaveLength(NOTICE_MAX_RECONNECTS + 1)
  })

  it('does not retry the normal close 1000 nor the end of the session', async () => {
    for (const code of [1000, NOTICE_SESSION_ENDED]) {
      const { sockets, timers, settle } = harness()
      await settle()
      sockets[0]!.onclose!({ code })
      expect(timers).toHaveLength(0)
    }
  })

  it('without a token waits and tries again like a failed attempt', async () => {
    const { sockets, timers, settle } = harness(null)
    await settle()
    expect(sockets).toHaveLength(0)
    expect(timers[0]!.ms).toBe(NOTICE_RECONNECT_DELAY_MS)
  })

  it('stop() closes with 1000 and cancels a pending reconnect', async () => {
    const { sockets, timers, connection, settle } = harness()
    await settle()
    sockets[0]!.onclose!({ code: 1006 })
    connection.stop()
    expect(timers[0]!.cleared).toBe(true)
    const second = harness()
    await second.settle()
    second.connection.stop()
    expect(second.sockets[0]!.closedWith).toBe(1000)
  })

  it('reads only a whole non-negative count', () => {
    expect(parseNotice('{"nums":2}')).toEqual({ nums: 2 })
    expect(parseNotice('{"nums":2.5}')).toBeUndefined()
    expect(parseNotice('{}')).toBeUndefined()
    expect(parseNotice(new ArrayBuffer(2))).toBeUndefined()
  })
})
