import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { accounts, messageDeliveries, messages } from '../../db/schema'
import { MessagesService } from './messages.service'

let app: TestApp
let service: MessagesService
const heard: { unread: number[][]; pushes: Array<Array<{ accountId: number; channel: string }>> } = {
  unread: [],
  pushes: [],
}
let tenantId: number
let first: number
let second: number

beforeAll(async () => {
  app = await createTestApp()
  service = new MessagesService({
    db: app.database.db,
    signals: {
      unreadChanged: async (ids) => void heard.unread.push(ids),
      pushesQueued: async (pushes) => void heard.pushes.push(pushes),
    },
    reportError: (error) => {
      throw error
    },
  })
  const a = await registerAccount(app)
  const b = await registerAccount(app)
  first = a.uid
  second = b.uid
  const [row] = await app.database.db.select().from(accounts).where(eq(accounts.id, first))
  tenantId = row!.tenantId
})

afterAll(async () => {
  await app?.close()
})

const alarm = (accountIds: number[], push?: { email?: boolean; wechat?: boolean }) => ({
  tenantId,
  accountIds,
  kind: 'alarm' as const,
  titleKey: 'messages.titles.test',
  params: { device: 'AP-1', value: 93.5 },
  link: '/device/detail?id=7',
  ...(push ? { push } : {}),
})

describe('MessagesService.post', () => {
  it('files one unread message per account, once per account, and signals their badges after', async () => {
    heard.unread.length = 0
    await service.post(alarm([first, second, first]))
    const rows = await app.database.db
      .select()
      .from(messages)
      .where(inArray(messages.accountId, [first, second]))
    expect(rows.map((row) => row.accountId).sort()).toEqual([first, second].sort())
    expect(rows[0]).toMatchObject({ kind: 'alarm', titleKey: 'messages.titles.test', readAt: null })
    expect(rows[0]!.params).toEqual({ device: 'AP-1', value: 93.5 })
    expect(heard.unread).toEqual([[first, second]])
    expect(await service.unreadCount(first)).toBe(1)
  })

  it('queues each asked push as a pending delivery and tells the delivery', async () => {
    heard.pushes.length = 0
    await service.post(alarm([second], { email: true, wechat: true }))
    const [latest] = await app.database.db
      .select()
      .from(messages)
      .where(eq(messages.accountId, second))
      .orderBy(messages.id)
      .then((rows) => rows.slice(-1))
    const pushes = await app.database.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.messageId, latest!.id))
    expect(pushes.map((push) => [push.channel, push.status]).sort()).toEqual([
      ['email', 'pending'],
      ['wechat', 'pending'],
    ])
    expect(heard.pushes).toEqual([
      [
        { accountId: second, channel: 'email' },
        { accountId: second, channel: 'wechat' },
      ],
    ])
  })

  it('writes nothing when one account cannot receive it (one transaction), and signals nothing', async () => {
    heard.unread.length = 0
    const before = await service.unreadCount(first)
    await expect(service.post(alarm([first, 2_000_000_000], { email: true }))).rejects.toThrow()
    expect(await service.unreadCount(first)).toBe(before)
    expect(heard.unread).toEqual([])
  })

  it('does nothing for no accounts', async () => {
    heard.unread.length = 0
    await service.post(alarm([]))
    expect(heard.unread).toEqual([])
  })
})

describe('MessagesService.postEach', () => {
  it('files each message of a batch, an account named twice gets both with their own pushes, one signal', async () => {
    heard.unread.length = 0
    heard.pushes.length = 0
    const before = await service.unreadCount(first)
    await service.postEach([
      { ...alarm([first, second], { email: true }), link: '/device/detail?id=8' },
      { ...alarm([first]), link: '/device/detail?id=9' },
    ])
    expect(await service.unreadCount(first)).toBe(before + 2)
    const latest = await app.database.db
      .select()
      .from(messages)
      .where(eq(messages.accountId, first))
      .orderBy(messages.id)
      .then((rows) => rows.slice(-2))
    expect(latest.map((row) => row.link).sort()).toEqual(['/device/detail?id=8', '/device/detail?id=9'])
    const pushes = await app.database.db
      .select()
      .from(messageDeliveries)
      .where(
        inArray(
          messageDeliveries.messageId,
          latest.map((row) => row.id),
        ),
      )
    // The e-mail was asked by the message to device 8 only.
    expect(
      pushes.map((push) => [latest.find((row) => row.id === push.messageId)!.link, push.channel]),
    ).toEqual([['/device/detail?id=8', 'email']])
    expect(heard.unread).toEqual([[first, second]])
    expect(heard.pushes).toEqual([
      [
        { accountId: first, channel: 'email' },
        { accountId: second, channel: 'email' },
      ],
    ])
  })
})
