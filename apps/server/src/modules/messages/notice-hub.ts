import { NOTICE_SESSION_ENDED, type NoticeMessage } from '@canopy/shared/notice'
import type { WebSocket } from 'ws'

interface OpenSocket {
  socket: WebSocket
  sessionId: string
}

/**
 * The notice sockets this instance holds (§7 /notice/{uid}), by account. When accounts' unread
 * counts may have changed (a change-feed event from any instance), the accounts among them with a
 * socket here get their new count: the counts of a burst are read in one query, and a burst that
 * arrives during that query is read right after it, so a storm costs a few queries, not one each.
 */
export class NoticeHub {
  private readonly byAccount = new Map<number, Set<OpenSocket>>()
  /** accounts whose count to send: to all their sockets after a change, or only to new ones */
  private dirty = new Map<number, 'all' | Set<OpenSocket>>()
  private flushing: Promise<void> | undefined

  constructor(
    private readonly deps: {
      unreadCounts: (accountIds: number[]) => Promise<Map<number, number>>
      reportError: (error: unknown, what: string) => void
    },
  ) {}

  /** Holds the socket until it closes and sends it the account's count now. */
  add(accountId: number, sessionId: string, socket: WebSocket): void {
    const entry = { socket, sessionId }
    let sockets = this.byAccount.get(accountId)
    if (!sockets) {
      sockets = new Set()
      this.byAccount.set(accountId, sockets)
    }
    sockets.add(entry)
    socket.on('close', () => {
      sockets.delete(entry)
      if (sockets.size === 0 && this.byAccount.get(accountId) === sockets) this.byAccount.delete(accountId)
    })
    // Greeted in the same queue as changes, so a count read earlier never overtakes a later one.
    const pending = this.dirty.get(accountId)
    if (pending === undefined) this.dirty.set(accountId, new Set([entry]))
    else if (pending !== 'all') pending.add(entry)
    this.startFlush()
  }

  /** How many sockets are open here (operators' metrics, the bench). */
  get size(): number {
    let total = 0
    for (const sockets of this.byAccount.values()) total += sockets.size
    return total
  }

  unreadChanged(accountIds: number[]): void {
    for (const accountId of accountIds) if (this.byAccount.has(accountId)) this.dirty.set(accountId, 'all')
    this.startFlush()
  }

  /** A session ended (logout, revoked): its sockets close; the console opens none without a session. */
  sessionEnded(sessionId: string): void {
    for (const sockets of this.byAccount.values())
      for (const entry of sockets) if (entry.sessionId === sessionId) entry.socket.close(NOTICE_SESSION_ENDED)
  }

  private startFlush(): void {
    if (this.dirty.size > 0 && !this.flushing) this.flushing = this.flush()
  }

  /** One flush at a time: each reads after the previous one's sends, so counts only move forward. */
  private async flush(): Promise<void> {
    while (this.dirty.size > 0) {
      const batch = this.dirty
      this.dirty = new Map()
      try {
        const counts = await this.deps.unreadCounts([...batch.keys()])
        for (const [accountId, to] of batch) {
          const text = JSON.stringify({ nums: counts.get(accountId) ?? 0 } satisfies NoticeMessage)
          for (const { socket } of to === 'all' ? (this.byAccount.get(accountId) ?? []) : to)
            if (socket.readyState === socket.OPEN) socket.send(text)
        }
      } catch (error) {
        // Those badges keep their count until the next change; the failure is the operator's to see.
        this.deps.reportError(error, 'notice sockets: unread counts')
      }
    }
    this.flushing = undefined
  }
}
