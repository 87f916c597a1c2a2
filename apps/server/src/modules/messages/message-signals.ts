import type { ChangeFeed } from '../../db/change-feed'

/** Accounts per notification: pg_notify carries at most 8000 bytes. */
const ACCOUNTS_PER_NOTICE = 500

/**
 * Tells every instance (through the change feed: LISTEN/NOTIFY with a PostgreSQL server) that
 * these accounts' unread counts may have changed, so each pushes the new count to the notice
 * sockets it holds for them.
 */
export async function publishUnreadChanged(changes: ChangeFeed, accountIds: number[]): Promise<void> {
  for (let start = 0; start < accountIds.length; start += ACCOUNTS_PER_NOTICE) {
    await changes.publish({
      kind: 'unread',
      accountIds: accountIds.slice(start, start + ACCOUNTS_PER_NOTICE),
    })
  }
}
