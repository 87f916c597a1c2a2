import { ErrorCode } from '@canopy/shared/errors'
import type { Language } from '@canopy/shared/i18n/languages'
import {
  logWindow,
  type MessageKind,
  type MessageListRequest,
  type MessageView,
  type PushChannel,
} from '@canopy/shared/validation'
import type { Database, Executor } from '../../db/client'
import { AppError } from '../../http/app-error'
import { pageWindow } from '../../lib/paging'
import type { Principal } from '../auth/principal'
import { announcementsRepository } from './announcements.repository'
import { type MessageRow, messagesRepository } from './messages.repository'

export type { MessageKind, MessageView } from '@canopy/shared/validation'

/** A message to post (docs/ARCHITECTURE.md "Posting a system message"). */
export interface NewMessage {
  tenantId: number
  /** the accounts that receive it (already filtered to the scope that may see the device) */
  accountIds: number[]
  kind: MessageKind
  /** i18n key + params, rendered in each reader's language (never pre-rendered text) */
  titleKey: string
  params: Record<string, string | number>
  /** where the message leads in the console, e.g. `/device/detail?id=7` */
  link?: string
  /** how to push it besides the in-console message */
  push?: { email?: boolean; wechat?: boolean }
  /** the announcement it tells of: an account gets each announcement once */
  announcementId?: number
}

/** What another part of the server hears when accounts' messages change (the badge). */
export interface MessageSignals {
  /** these accounts' unread counts may have changed */
  unreadChanged(accountIds: number[]): Promise<void>
  /** these accounts have new pushes waiting (the delivery queues their jobs) */
  pushesQueued?(pushes: Array<{ accountId: number; channel: PushChannel }>): Promise<void>
}

/**
 * System messages (§2 /msg): posted by the server's modules (alarms, upgrades, announcements…) to
 * the accounts concerned, read, marked read and deleted by each account, its own only.
 */
export class MessagesService {
  constructor(
    private readonly deps: {
      db: Database
      signals: MessageSignals
      reportError: (error: unknown, what: string) => void
    },
  ) {}

  /**
   * Files one message per account and its pushes in one transaction; the badges and the push
   * delivery hear of it after the commit. Pushes are rows, so none is lost if the process dies
   * before their jobs are queued (the delivery sweeps pending pushes at start).
   */
  async post(message: NewMessage): Promise<void> {
    await this.postEach([message])
  }

  /**
   * Several messages (one per tenant of an announcement, a batch of alarms) in one transaction,
   * with the pushes of each; one signal for all their accounts after the commit (one badge
   * fan-out for the batch). An account named by several messages gets each of them: the rows are
   * inserted in rounds in which each account appears once, since a row's pushes are found by its
   * account (an alarm batch has one round unless an account hears of two alarms in it).
   */
  async postEach(batch: NewMessage[]): Promise<void> {
    const rounds = accountRounds(batch)
    if (rounds.length === 0) return
    const posted = await this.deps.db.transaction(async (tx) => {
      const repository = messagesRepository(tx)
      const filed: Array<{ accountId: number; channels: PushChannel[] }> = []
      for (const round of rounds) {
        const inserted = await repository.insert(
          round.map(({ message, accountId }) => ({
            tenantId: message.tenantId,
            accountId,
            kind: message.kind,
            titleKey: message.titleKey,
            params: message.params,
            link: message.link ?? null,
            announcementId: message.announcementId ?? null,
          })),
        )
        // The channels each account asked for, by the message its row came from.
        const channelsOf = new Map(
          round.map(({ message, accountId }) => [accountId, pushChannels(message.push)]),
        )
        await repository.insertDeliveries(
          inserted.flatMap((row) =>
            (channelsOf.get(row.accountId) ?? []).map((channel) => ({
              messageId: row.id,
              accountId: row.accountId,
              channel,
            })),
          ),
        )
        for (const row of inserted)
          filed.push({ accountId: row.accountId, channels: channelsOf.get(row.accountId) ?? [] })
      }
      return filed
    })
    await this.announce(posted)
  }

  /** A page of the caller's messages; an announcement's title is given in `language`. */
  async list(
    principal: Principal,
    request: MessageListRequest,
    language: Language,
  ): Promise<{ total: number; list: MessageView[] }> {
    const repository = messagesRepository(this.deps.db)
    const { rows, total } = await repository.page(
      principal.account.id,
      { ...(request.kind ? { kind: request.kind } : {}), ...logWindow(request) },
      pageWindow(request),
    )
    const deliveries = await repository.deliveriesOf(rows.map((row) => row.id))
    const titles = await announcementsRepository(this.deps.db).titles(
      rows.flatMap((row) => (row.announcementId === null ? [] : [row.announcementId])),
    )
    return {
      total,
      list: rows.map((row) => {
        const title = row.announcementId === null ? undefined : titles.get(row.announcementId)?.[language]
        return view(title === undefined ? row : { ...row, params: { ...row.params, title } }, deliveries)
      }),
    }
  }

  async unreadCount(accountId: number): Promise<number> {
    const counts = await messagesRepository(this.deps.db).unreadCounts([accountId])
    return counts.get(accountId) ?? 0
  }

  /** Unread counts of several accounts at once (the notice sockets of an instance). */
  unreadCounts(accountIds: number[]): Promise<Map<number, number>> {
    return messagesRepository(this.deps.db).unreadCounts(accountIds)
  }

  /** Marks the caller's messages `ids` read (all its messages without ids); any other id refuses all. */
  async markRead(principal: Principal, ids?: number[]): Promise<{ changed: number }> {
    const accountId = principal.account.id
    const changed = await this.deps.db.transaction(async (tx) => {
      if (ids) await ownedOrRefused(tx, accountId, ids)
      return messagesRepository(tx).markRead(accountId, ids)
    })
    if (changed > 0) await this.announce([{ accountId, channels: [] }])
    return { changed }
  }

  /** Deletes the caller's messages `ids`; any other id (another account's, or gone) refuses all. */
  async remove(principal: Principal, ids: number[]): Promise<{ removed: number }> {
    const accountId = principal.account.id
    const removed = await this.deps.db.transaction(async (tx) => {
      await ownedOrRefused(tx, accountId, ids)
      return messagesRepository(tx).remove(accountId, ids)
    })
    await this.announce([{ accountId, channels: [] }])
    return { removed }
  }

  /** The messages are filed whatever happens here: a failed signal is logged, never the poster's error. */
  private async announce(posted: Array<{ accountId: number; channels: PushChannel[] }>): Promise<void> {
    if (posted.length === 0) return
    await this.deps.signals
      .unreadChanged([...new Set(posted.map((row) => row.accountId))])
      .catch((error) => this.deps.reportError(error, 'messages: unread signal'))
    const pushes = posted.flatMap(({ accountId, channels }) =>
      channels.map((channel) => ({ accountId, channel })),
    )
    if (pushes.length === 0 || !this.deps.signals.pushesQueued) return
    await this.deps.signals
      .pushesQueued(pushes)
      .catch((error) => this.deps.reportError(error, 'messages: push queue'))
  }
}

/** A request naming a message that is not the caller's changes nothing (§6: 600400143). */
async function ownedOrRefused(tx: Executor, accountId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)]
  if ((await messagesRepository(tx).ownedCount(accountId, unique)) !== unique.length)
    throw new AppError(ErrorCode.NO_PERMISSION)
}

/** Each message's accounts split into rounds that name an account once at most (in batch order). */
function accountRounds(batch: NewMessage[]): Array<Array<{ message: NewMessage; accountId: number }>> {
  const rounds: Array<Array<{ message: NewMessage; accountId: number }>> = []
  const timesNamed = new Map<number, number>()
  for (const message of batch)
    for (const accountId of new Set(message.accountIds)) {
      const round = timesNamed.get(accountId) ?? 0
      timesNamed.set(accountId, round + 1)
      if (!rounds[round]) rounds.push([])
      rounds[round]!.push({ message, accountId })
    }
  return rounds
}

function pushChannels(push: NewMessage['push']): PushChannel[] {
  const channels: PushChannel[] = []
  if (push?.email) channels.push('email')
  if (push?.wechat) channels.push('wechat')
  return channels
}

function view(
  row: MessageRow,
  deliveries: Awaited<ReturnType<ReturnType<typeof messagesRepository>['deliveriesOf']>>,
): MessageView {
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    titleKey: row.titleKey,
    params: row.params,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    pushes: deliveries
      .filter((delivery) => delivery.messageId === row.id)
      .map((delivery) => ({
        channel: delivery.channel as PushChannel,
        status: delivery.status as MessageView['pushes'][number]['status'],
        attempts: delivery.attempts,
        error: delivery.lastError,
      })),
  }
}
