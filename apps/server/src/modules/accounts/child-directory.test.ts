import { describe, expect, it } from 'vitest'
import { ChangeFeed } from '../../db/change-feed'
import type { Executor } from '../../db/client'
import { ChildDirectory } from './child-directory'

interface Row {
  id: number
  username: string
  nickname: string | null
  status: number
}

/** The one query the directory makes, answered from `rows` (newest first), counting the loads. */
function fakeDatabase(rows: Row[]) {
  const database = { loads: 0, rows, gate: Promise.resolve() }
  const query = {
    from: () => query,
    where: () => query,
    orderBy: async () => {
      database.loads++
      const answer = [...database.rows]
      await database.gate
      return answer
    },
  }
  return { database, db: { select: () => query } as unknown as Executor }
}

const children: Row[] = [
  { id: 3, username: 'Carol_1', nickname: '小王', status: 1 },
  { id: 2, username: 'bob', nickname: 'Builder', status: 0 },
  { id: 1, username: 'alice', nickname: null, status: 1 },
]

describe('ChildDirectory', () => {
  it('pages, filters by keyword (either name, any case) and status, and counts what matches', async () => {
    const { db } = fakeDatabase(children)
    const directory = new ChildDirectory(db, new ChangeFeed(undefined))
    expect(await directory.page(7, { offset: 0, limit: 2 })).toEqual({ ids: [3, 2], total: 3 })
    expect(await directory.page(7, { offset: 2, limit: 2 })).toEqual({ ids: [1], total: 3 })
    expect(await directory.page(7, { offset: 0, limit: 10, keyword: 'CAROL' })).toEqual({
      ids: [3],
      total: 1,
    })
    expect(await directory.page(7, { offset: 0, limit: 10, keyword: 'build' })).toEqual({
      ids: [2],
      total: 1,
    })
    expect(await directory.page(7, { offset: 0, limit: 10, keyword: '王' })).toEqual({ ids: [3], total: 1 })
    expect(await directory.page(7, { offset: 0, limit: 10, status: 1 })).toEqual({ ids: [3, 1], total: 2 })
    expect(await directory.count(7)).toEqual({ total: 3, enabled: 2 })
  })

  it('reads a tenant once, and again after one of its children changes or a child is added', async () => {
    const { db, database } = fakeDatabase(children)
    const changes = new ChangeFeed(undefined)
    const directory = new ChildDirectory(db, changes)
    await directory.page(7, { offset: 0, limit: 10 })
    await directory.count(7)
    expect(database.loads).toBe(1)

    await changes.publish({ kind: 'account', id: 99 })
    await directory.count(7)
    expect(database.loads).toBe(1)

    database.rows = children.slice(1)
    await changes.publish({ kind: 'account', id: 3 })
    expect(await directory.count(7)).toEqual({ total: 2, enabled: 1 })
    expect(database.loads).toBe(2)

    database.rows = children
    await changes.publish({ kind: 'children', tenantId: 7 })
    expect(await directory.count(7)).toEqual({ total: 3, enabled: 2 })
  })

  it('does not keep a load that a change overtook', async () => {
    const { db, database } = fakeDatabase(children)
    const changes = new ChangeFeed(undefined)
    const directory = new ChildDirectory(db, changes)
    let release = () => {}
    database.gate = new Promise((resolve) => {
      release = resolve
    })
    const pending = directory.count(7)
    await changes.publish({ kind: 'account', id: 1 })
    release()
    await pending
    database.gate = Promise.resolve()
    await directory.count(7)
    expect(database.loads).toBe(2)
  })
})
