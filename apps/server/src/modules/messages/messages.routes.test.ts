import { ErrorCode } from '@canopy/shared/errors'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, registerAccount, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { accounts } from '../../db/schema'
import type { MessageKind, MessageView } from './messages.service'

let app: TestApp
let owner: { uid: number; token: string; tenantId: number }
let child: { uid: number; token: string }
let stranger: { uid: number; token: string }

async function tenantOf(uid: number): Promise<number> {
  const [row] = await app.database.db.select().from(accounts).where(eq(accounts.id, uid))
  return row!.tenantId
}

const post = (accountIds: number[], kind: MessageKind = 'alarm', params: Record<string, string> = {}) =>
  app.messages.post({
    tenantId: owner.tenantId,
    accountIds,
    kind,
    titleKey: 'messages.titles.announcement',
    params,
    link: '/device/detail?id=7',
  })

const list = (token: string, body: Record<string, unknown> = {}) =>
  app.ok<{ total: number; list: MessageView[] }>({
    method: 'POST',
    path: '/backend/msg/list',
    token,
    body: { pageIndex: 1, pageOffset: 100, ...body },
  })
const unread = async (token: string) =>
  (await app.ok<{ nums: number }>({ path: '/backend/msg/unread', token })).nums

beforeAll(async () => {
  app = await createTestApp()
  const primary = await signedInAccount(app)
  owner = { uid: primary.uid, token: primary.token, tenantId: await tenantOf(primary.uid) }
  const { id: roleId } = await app.ok<{ id: number }>({
    method: 'POST',
    path: '/backend/role/add',
    token: owner.token,
    body: { name: uniqueName('r').slice(0, 10), menus: [], device_functions: [], project_ids: [] },
  })
  const username = uniqueName('c')
  const { uid } = await app.ok<{ uid: number }>({
    method: 'POST',
    path: '/backend/user/child/add',
    token: owner.token,
    body: { username, password: 'child123', confirm_password: 'child123', level: 1, role_ids: [roleId] },
  })
  child = { uid, token: (await login(app, { username, password: 'child123' })).access_token }
  const other = await registerAccount(app)
  stranger = { uid: other.uid, token: (await login(app, other)).access_token }
})

afterAll(async () => {
  await app?.close()
})

describe('system messages', () => {
  it('lists an account its own messages, newest first, with the unread count', async () => {
    await post([owner.uid, child.uid], 'alarm', { device: 'first' })
    await post([owner.uid], 'upgrade', { order: 'second' })
    const mine = await list(owner.token)
    expect(mine.total).toBe(2)
    expect(mine.list.map((message) => message.params)).toEqual([{ order: 'second' }, { device: 'first' }])
    expect(mine.list[0]).toMatchObject({ kind: 'upgrade', read: false, link: '/device/detail?id=7' })
    expect(await unread(owner.token)).toBe(2)
  })

  it('gives a child only its own messages, and another tenant none of them', async () => {
    const childs = await list(child.token)
    expect(childs.list.map((message) => message.params)).toEqual([{ device: 'first' }])
    expect((await list(stranger.token)).total).toBe(0)
    expect(await unread(stranger.token)).toBe(0)
  })

  it('filters by kind and by date', async () => {
    expect((await list(owner.token, { kind: 'upgrade' })).list.map((m) => m.kind)).toEqual(['upgrade'])
    expect((await list(owner.token, { days: 1 })).total).toBe(2)
    expect((await list(owner.token, { start: '2009-01-01', end: '2009-01-05' })).total).toBe(0)
    const wrongKind = await app.call({
      method: 'POST',
      path: '/backend/msg/list',
      token: owner.token,
      body: { pageIndex: 1, pageOffset: 10, kind: 'gossip' },
    })
    expect(wrongKind.envelope.errorCode[0]).toBe(ErrorCode.INVALID_PARAMETER)
  })

  it('refuses marking read or deleting another account’s message, changing nothing', async () => {
    const [message] = (await list(child.token)).list
    for (const path of ['/backend/msg/read', '/backend/msg/delete']) {
      for (const caller of [stranger, owner]) {
        const refused = await app.call({
          method: 'POST',
          path,
          token: caller.token,
          body: { ids: [message!.id] },
        })
        expect(refused.envelope.errorCode).toEqual([ErrorCode.NO_PERMISSION])
      }
    }
    // One of the caller's own beside another's: still nothing happens.
    const [own] = (await list(owner.token)).list
    const mixed = await app.call({
      method: 'POST',
      path: '/backend/msg/read',
      token: owner.token,
      body: { ids: [own!.id, message!.id] },
    })
    expect(mixed.envelope.errorCode).toEqual([ErrorCode.NO_PERMISSION])
    expect(await unread(owner.token)).toBe(2)
    expect(await unread(child.token)).toBe(1)
  })

  it('marks one read, then all read, and deletes', async () => {
    const [newest, oldest] = (await list(owner.token)).list
    await app.ok({
      method: 'POST',
      path: '/backend/msg/read',
      token: owner.token,
      body: { ids: [newest!.id] },
    })
    expect(await unread(owner.token)).toBe(1)
    expect((await list(owner.token)).list.map((m) => m.read)).toEqual([true, false])
    await app.ok({ method: 'POST', path: '/backend/msg/readall', token: owner.token })
    expect(await unread(owner.token)).toBe(0)
    expect(await unread(child.token)).toBe(1)
    await app.ok({
      method: 'POST',
      path: '/backend/msg/delete',
      token: owner.token,
      body: { ids: [oldest!.id] },
    })
    expect((await list(owner.token)).list.map((m) => m.id)).toEqual([newest!.id])
  })
})
