import { type Language, matchLanguage } from '@canopy/shared/i18n/languages'
import type { MessageKind, PushChannel } from '@canopy/shared/validation'
import type { Database, Executor } from '../../db/client'
import type { Mailer } from '../../notify/mailer'
import type { Scheduler } from '../../scheduler/scheduler'
import { WechatApiError, type WechatClient } from '../wechat/wechat.client'
import { messagesRepository } from './messages.repository'
import { composePushMail } from './push-mail'
import { byKind, composeWechatPush } from './push-wechat'
import { tenantMailer } from './tenant-mail'

const PUSH_QUEUE = 'message-push'

interface PushJob {
  accountId: number
  channel: PushChannel
}

export interface PushSettings {
  digestSeconds: number
  attempts: number
  retrySeconds: number
}

/** What a push needs of an account (UsersService). */
export interface PushAccounts {
  accountsByIds(ids: number[]): Promise<PushAccount[]>
}
type PushAccount = {
  id: number
  tenantId: number
  email: string | null
  wechatOpenId: string | null
  /** the console language the account last used (null: never saved) */
  language?: string | null
}

/** The WeChat Official Account pushes go through: its client and a template id per kind. */
export interface PushWechat {
  client: Pick<WechatClient, 'sendTemplateMessage'>
  templates: Partial<Record<MessageKind, string>>
}

/** errcodes of `message/template/send` no retry can change: invalid openid or template, not a follower, refused. */
const PERMANENT_WECHAT_CODES = new Set([40003, 40037, 43004, 43101])

/**
 * Delivers the pushes of system messages (e-mail and WeChat template messages) as durable
 * scheduler jobs, one per account and channel and digest window: every push of an account that is
 * due when its job runs goes in one mail (one WeChat message per kind), so a storm of alarms
 * becomes one digest per window, not a message each. A failed attempt is retried after
 * `retrySeconds`, doubling each time, until `attempts`; then each push is failed with the mail
 * server's (or WeChat's) words, shown beside its message. Pushes are rows: a job lost with a
 * crashed process is queued again by the sweep at start, and a push is never lost.
 */
export class PushDelivery {
  constructor(
    private readonly deps: {
      db: Database
      scheduler: Scheduler
      accounts: PushAccounts
      /** the server's SMTP settings: a tenant without its own e-mail service uses them */
      serverMailer: Mailer
      settings: PushSettings
      /** undefined when WeChat is not configured: WeChat pushes fail, saying so */
      wechat: PushWechat | undefined
      /** the server's default language: pushes to an account that never saved its own */
      language: Language
      publicUrl: string | undefined
      reportError: (error: unknown, what: string) => void
    },
  ) {}

  /** Works the queue and queues a job for every push left pending (a restart, a lost job). */
  async start(): Promise<void> {
    await this.deps.scheduler.work<PushJob>(PUSH_QUEUE, (job) =>
      this.flush(job.data.accountId, job.data.channel),
    )
    for (const pending of await messagesRepository(this.deps.db).pendingPushes())
      await this.schedule(pending.accountId, pending.channel as PushChannel, pending.due)
  }

  /** New pushes were filed: each account's job runs at the end of the current digest window. */
  async queued(pushes: Array<{ accountId: number; channel: PushChannel }>): Promise<void> {
    for (const push of pushes) await this.schedule(push.accountId, push.channel, new Date())
  }

  /** One job per account, channel and window of `digestSeconds`, at the window's end. */
  private async schedule(accountId: number, channel: PushChannel, due: Date): Promise<void> {
    const windowMs = this.deps.settings.digestSeconds * 1000
    const window = Math.floor(Math.max(due.getTime(), Date.now()) / windowMs)
    await this.deps.scheduler.send<PushJob>(
      PUSH_QUEUE,
      { accountId, channel },
      { startAfter: new Date((window + 1) * windowMs), singletonKey: `${channel}:${accountId}:${window}` },
    )
  }

  /**
   * Sends the account's due pushes of the channel — one mail, or one WeChat message per kind (each
   * kind has its template) — and records how each went.
   */
  private async flush(accountId: number, channel: PushChannel): Promise<void> {
    // Read before the transaction: a flush holds one connection, never waits for a second.
    const [account] = await this.deps.accounts.accountsByIds([accountId])
    const mailer =
      channel === 'email' && account
        ? await tenantMailer(this.deps.db, account.tenantId, this.deps.serverMailer)
        : undefined
    const retryAt = await this.deps.db.transaction(async (tx) => {
      const repository = messagesRepository(tx)
      const due = await repository.claimDuePushes(accountId, channel)
      let retry: Date | undefined
      for (const batch of channel === 'wechat' ? byKind(due) : [due]) {
        if (batch.length === 0) continue
        const ids = batch.map((row) => row.message.id)
        const attempt = Math.max(...batch.map((row) => row.delivery.attempts)) + 1
        const messages = batch.map((row) => row.message)
        try {
          if (channel === 'wechat') await this.sendWechat(tx, account, messages)
          else await this.sendMail(account, mailer, messages)
          await repository.settlePushes(ids, channel, { status: 'sent' })
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error)
          if (attempt >= this.deps.settings.attempts || error instanceof PermanentPushError) {
            await repository.settlePushes(ids, channel, { status: 'failed', error: reason })
            continue
          }
          const delay = this.deps.settings.retrySeconds * 1000 * 2 ** (attempt - 1)
          const at = new Date(Date.now() + delay)
          await repository.settlePushes(ids, channel, { status: 'pending', error: reason, retryAt: at })
          if (!retry || at < retry) retry = at
        }
      }
      return retry
    })
    if (retryAt) await this.schedule(accountId, channel, retryAt)
  }

  private async sendMail(
    account: PushAccount | undefined,
    mailer: Mailer | undefined,
    messages: Parameters<typeof composePushMail>[0],
  ): Promise<void> {
    if (!account || !mailer) throw new PermanentPushError('The account no longer exists')
    if (!account.email) throw new PermanentPushError('The account has no e-mail address')
    if (!mailer.configured) throw new PermanentPushError('Mail notification service is not configured')
    await mailer.send({
      to: account.email,
      ...composePushMail(messages, this.languageOf(account), this.deps.publicUrl),
    })
  }

  /** One template message for messages of one kind, to the account's WeChat (its openid). */
  private async sendWechat(
    tx: Executor,
    account: PushAccount | undefined,
    messages: Parameters<typeof composeWechatPush>[0],
  ): Promise<void> {
    const wechat = this.deps.wechat
    if (!wechat) throw new PermanentPushError('WeChat is not configured on this server')
    if (!account) throw new PermanentPushError('The account no longer exists')
    if (!account.wechatOpenId) throw new PermanentPushError('The account is not bound to WeChat')
    const kind = messages[0]!.kind as MessageKind
    const templateId = wechat.templates[kind]
    if (!templateId)
      throw new PermanentPushError(`No WeChat template is set for ${kind} messages on this server`)
    const message = composeWechatPush(
      messages,
      { openId: account.wechatOpenId, templateId },
      this.languageOf(account),
      this.deps.publicUrl,
    )
    try {
      // The access token is read (or renewed) on the flush's own connection.
      await wechat.client.sendTemplateMessage(message, tx)
    } catch (error) {
      // WeChat's refusals that no retry changes: a bad openid or template, a user who unfollowed.
      if (error instanceof WechatApiError && PERMANENT_WECHAT_CODES.has(error.errcode))
        throw new PermanentPushError(error.message)
      throw error
    }
  }

  /** The account's own console language, else the server's default. */
  private languageOf(account: PushAccount): Language {
    return matchLanguage([account.language ?? undefined]) ?? this.deps.language
  }
}

/** A push that no retry can deliver (no address, no mail service): failed at once. */
class PermanentPushError extends Error {}
