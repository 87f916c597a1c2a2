import type { Language } from '@canopy/shared/i18n/languages'
import type { PushChannel } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import type { Mailer } from '../../notify/mailer'
import type { Scheduler } from '../../scheduler/scheduler'
import { messagesRepository } from './messages.repository'
import { composePushMail } from './push-mail'
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
type PushAccount = { id: number; tenantId: number; email: string | null }

/**
 * Delivers the pushes of system messages (e-mail; WeChat below) as durable scheduler jobs, one per
 * account and channel and digest window: every push of an account that is due when its job runs
 * goes in one mail, so a storm of alarms becomes one digest per window, not a mail each. A failed
 * attempt is retried after `retrySeconds`, doubling each time, until `attempts`; then each push is
 * failed with the mail server's words, shown beside its message. Pushes are rows: a job lost with a
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

  /** Sends the account's due pushes of the channel as one mail, and records how it went. */
  private async flush(accountId: number, channel: PushChannel): Promise<void> {
    // Read before the transaction: a flush holds one connection, never waits for a second.
    const [account] = await this.deps.accounts.accountsByIds([accountId])
    const mailer = account && (await tenantMailer(this.deps.db, account.tenantId, this.deps.serverMailer))
    const retryAt = await this.deps.db.transaction(async (tx) => {
      const repository = messagesRepository(tx)
      const due = await repository.claimDuePushes(accountId, channel)
      if (due.length === 0) return undefined
      const ids = due.map((row) => row.message.id)
      const attempt = Math.max(...due.map((row) => row.delivery.attempts)) + 1
      try {
        await this.send(
          account,
          mailer,
          channel,
          due.map((row) => row.message),
        )
        await repository.settlePushes(ids, channel, { status: 'sent' })
        return undefined
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        if (attempt >= this.deps.settings.attempts || error instanceof PermanentPushError) {
          await repository.settlePushes(ids, channel, { status: 'failed', error: reason })
          return undefined
        }
        const delay = this.deps.settings.retrySeconds * 1000 * 2 ** (attempt - 1)
        const at = new Date(Date.now() + delay)
        await repository.settlePushes(ids, channel, { status: 'pending', error: reason, retryAt: at })
        return at
      }
    })
    if (retryAt) await this.schedule(accountId, channel, retryAt)
  }

  private async send(
    account: PushAccount | undefined,
    mailer: Mailer | undefined,
    channel: PushChannel,
    messages: Parameters<typeof composePushMail>[0],
  ): Promise<void> {
    if (channel === 'wechat')
      throw new PermanentPushError('WeChat template messages are not available on this server yet')
    if (!account || !mailer) throw new PermanentPushError('The account no longer exists')
    if (!account.email) throw new PermanentPushError('The account has no e-mail address')
    if (!mailer.configured) throw new PermanentPushError('Mail notification service is not configured')
    await mailer.send({
      to: account.email,
      ...composePushMail(messages, this.deps.language, this.deps.publicUrl),
    })
  }
}

/** A push that no retry can deliver (no address, no mail service): failed at once. */
class PermanentPushError extends Error {}
