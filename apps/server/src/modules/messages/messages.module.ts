import type { FastifyInstance } from 'fastify'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import type { Scheduler } from '../../scheduler/scheduler'
import type { AuthService } from '../auth/auth.service'
import { announcementsRoutes } from './announcements.routes'
import { type AccountPages, AnnouncementsService } from './announcements.service'
import { publishUnreadChanged } from './message-signals'
import { messagesRoutes } from './messages.routes'
import { MessagesService } from './messages.service'
import { NoticeHub } from './notice-hub'
import { registerNoticeSocket } from './notice-socket'

/**
 * The messages area's parts, built once for app.ts: the service other modules post with, the
 * notice sockets this instance holds (fed by the change feed, so a message posted on any instance
 * reaches every open tab), announcements, and the routes.
 */
export function createMessages(deps: {
  db: Database
  changes: ChangeFeed
  http: FastifyInstance
  scheduler: Scheduler
  accounts: AccountPages
  reportError: (error: unknown, what: string) => void
}) {
  const service = new MessagesService({
    db: deps.db,
    signals: { unreadChanged: (accountIds) => publishUnreadChanged(deps.changes, accountIds) },
    reportError: deps.reportError,
  })
  const hub = new NoticeHub({
    unreadCounts: (accountIds) => service.unreadCounts(accountIds),
    reportError: deps.reportError,
  })
  const announcements = new AnnouncementsService({
    db: deps.db,
    messages: service,
    accounts: deps.accounts,
    scheduler: deps.scheduler,
  })
  deps.changes.onChange((event) => {
    if (event.kind === 'unread') hub.unreadChanged(event.accountIds)
    if (event.kind === 'session') hub.sessionEnded(event.id)
  })
  return {
    service,
    hub,
    routes: [...messagesRoutes({ messages: service }), ...announcementsRoutes({ announcements })],
    /** takes up the scheduler's queues (announcements still being posted after a restart) */
    start: () => announcements.start(),
    registerRawRoutes: (options: { auth: AuthService }) =>
      registerNoticeSocket(deps.http, { auth: options.auth, hub }),
  }
}
