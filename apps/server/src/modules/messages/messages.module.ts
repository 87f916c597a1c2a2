import type { Language } from '@canopy/shared/i18n/languages'
import type { FastifyInstance } from 'fastify'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import type { Mailer } from '../../notify/mailer'
import type { Scheduler } from '../../scheduler/scheduler'
import type { AuthService } from '../auth/auth.service'
import { announcementsRoutes } from './announcements.routes'
import { type AccountPages, AnnouncementsService } from './announcements.service'
import { mailSettingsRoutes } from './mail-settings.routes'
import { MailSettingsService } from './mail-settings.service'
import { publishUnreadChanged } from './message-signals'
import { messagesRoutes } from './messages.routes'
import { MessagesService } from './messages.service'
import { NoticeHub } from './notice-hub'
import { registerNoticeSocket } from './notice-socket'
import { type PushAccounts, PushDelivery, type PushSettings, type PushWechat } from './push-delivery'

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
  accounts: AccountPages & PushAccounts
  /** the server's SMTP settings (a tenant's own e-mail service replaces them for its pushes) */
  mailer: Mailer
  push: PushSettings
  /** the WeChat Official Account's client and template ids (undefined: WeChat not configured) */
  wechat: PushWechat | undefined
  /** the language of pushes to an account that never saved its own */
  language: Language
  publicUrl: string | undefined
  reportError: (error: unknown, what: string) => void
}) {
  const delivery = new PushDelivery({
    db: deps.db,
    scheduler: deps.scheduler,
    accounts: deps.accounts,
    serverMailer: deps.mailer,
    settings: deps.push,
    wechat: deps.wechat,
    language: deps.language,
    publicUrl: deps.publicUrl,
    reportError: deps.reportError,
  })
  const service = new MessagesService({
    db: deps.db,
    signals: {
      unreadChanged: (accountIds) => publishUnreadChanged(deps.changes, accountIds),
      pushesQueued: (pushes) => delivery.queued(pushes),
    },
    reportError: deps.reportError,
  })
  const mailSettings = new MailSettingsService({ db: deps.db, serverMailer: deps.mailer })
  const hub = new NoticeHub({
    unreadCounts: (accountIds) => service.unreadCounts(accountIds),
    reportError: deps.reportError,
  })
  const announcements = new AnnouncementsService({
    db: deps.db,
    messages: service,
    accounts: deps.accounts,
    scheduler: deps.scheduler,
    reportError: deps.reportError,
  })
  deps.changes.onChange((event) => {
    if (event.kind === 'unread') hub.unreadChanged(event.accountIds)
    if (event.kind === 'session') hub.sessionEnded(event.id)
  })
  return {
    service,
    hub,
    routes: [
      ...messagesRoutes({ messages: service }),
      ...announcementsRoutes({ announcements }),
      ...mailSettingsRoutes({ mailSettings }),
    ],
    /** takes up the scheduler's queues: announcements still being posted, pushes still pending */
    start: async () => {
      await announcements.start()
      await delivery.start()
    },
    registerRawRoutes: (options: { auth: AuthService }) =>
      registerNoticeSocket(deps.http, { auth: options.auth, hub }),
  }
}
