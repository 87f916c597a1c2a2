import { ErrorCode } from '@canopy/shared/errors'
import type { AnnouncementPublishRequest, AnnouncementView } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import { type PageRequest, pageWindow } from '../../lib/paging'
import type { Scheduler } from '../../scheduler/scheduler'
import { type AnnouncementRow, announcementsRepository } from './announcements.repository'
import type { MessagesService } from './messages.service'

/** The accounts one fan-out job posts to before it queues the next. */
const FANOUT_PAGE = 1000
const FANOUT_QUEUE = 'announcement-fanout'

interface FanoutJob {
  announcementId: number
  /** accounts after this id are still to receive it */
  afterAccountId: number
}

/** Who may receive announcements: every enabled account, in pages (UsersService). */
export interface AccountPages {
  accountsAfter(afterId: number, limit: number): Promise<Array<{ id: number; tenantId: number }>>
}

/**
 * System announcements (§3): published by the operator in every console language, read by
 * anyone on /announcement_list and /announcement?id=, and posted to every account as a system
 * message (kind 'announcement'). The posting is a chain of scheduler jobs, a page of accounts
 * each, so a restart in the middle goes on where it stopped; an account gets it once (a unique
 * index on the account and the announcement).
 */
export class AnnouncementsService {
  constructor(
    private readonly deps: {
      db: Database
      messages: MessagesService
      accounts: AccountPages
      scheduler: Scheduler
      reportError: (error: unknown, what: string) => void
    },
  ) {}

  async start(): Promise<void> {
    await this.deps.scheduler.work<FanoutJob>(FANOUT_QUEUE, (job) => this.fanOut(job.data))
  }

  /**
   * Files the announcement and queues its posting to every account. A posting that cannot be
   * queued would leave a public announcement nobody is told of: it is withdrawn and the operator
   * gets §8 "Failed to publish system message" (600400133), so publishing again is safe.
   */
  async publish(request: AnnouncementPublishRequest): Promise<AnnouncementView> {
    const repository = announcementsRepository(this.deps.db)
    const row = await repository.insert({ title: request.title, body: request.body })
    try {
      await this.queueFanOut({ announcementId: row.id, afterAccountId: 0 })
    } catch (error) {
      this.deps.reportError(error, `announcement ${row.id}: its posting could not be queued`)
      await repository.remove(row.id)
      throw new AppError(ErrorCode.PUBLISH_FAILED)
    }
    return view(row, true)
  }

  async list(request: PageRequest): Promise<{ total: number; list: AnnouncementView[] }> {
    const { rows, total } = await announcementsRepository(this.deps.db).page(pageWindow(request))
    return { total, list: rows.map((row) => view(row, false)) }
  }

  async info(id: number): Promise<AnnouncementView> {
    const row = await announcementsRepository(this.deps.db).find(id)
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND)
    return view(row, true)
  }

  /** The announcement and its messages go; their unread counts follow on the next change. */
  async remove(id: number): Promise<void> {
    if (!(await announcementsRepository(this.deps.db).remove(id)))
      throw new AppError(ErrorCode.DATA_NOT_FOUND)
  }

  /** One page of accounts gets it, then the next page is queued. */
  private async fanOut({ announcementId, afterAccountId }: FanoutJob): Promise<void> {
    const row = await announcementsRepository(this.deps.db).find(announcementId)
    if (!row) return // deleted meanwhile: nobody else gets it
    const accounts = await this.deps.accounts.accountsAfter(afterAccountId, FANOUT_PAGE)
    const byTenant = new Map<number, number[]>()
    for (const account of accounts)
      byTenant.set(account.tenantId, [...(byTenant.get(account.tenantId) ?? []), account.id])
    // One transaction for the page: a message per tenant, each to its accounts.
    await this.deps.messages.postEach(
      [...byTenant].map(([tenantId, accountIds]) => ({
        tenantId,
        accountIds,
        kind: 'announcement' as const,
        titleKey: 'messageTitles.announcement',
        // The reader's language's title replaces it when listed (MessagesService.list).
        params: { title: row.title['en-us'] ?? '' },
        link: `/announcement?id=${row.id}`,
        announcementId: row.id,
      })),
    )
    if (accounts.length === FANOUT_PAGE)
      await this.queueFanOut({ announcementId, afterAccountId: accounts.at(-1)!.id })
  }

  private async queueFanOut(job: FanoutJob): Promise<void> {
    await this.deps.scheduler.send(FANOUT_QUEUE, job, {
      singletonKey: `${job.announcementId}:${job.afterAccountId}`,
      retryLimit: 5,
      retryDelaySeconds: 10,
    })
  }
}

function view(row: AnnouncementRow, withBody: boolean): AnnouncementView {
  return {
    id: row.id,
    title: row.title as AnnouncementView['title'],
    ...(withBody ? { body: row.body as AnnouncementView['title'] } : {}),
    publishedAt: row.publishedAt.toISOString(),
  }
}
