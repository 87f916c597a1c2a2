import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_APPLICATION } from './console-work'
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres'

/**
 * The embedded database's multiplexer: connections share PGlite's one session without stepping
 * on each other's extended-protocol requests or transactions (pglite-socket's did, under load).
 */
describe('the embedded PostgreSQL under concurrent connections', () => {
  let embedded: EmbeddedPostgres
  let pool: pg.Pool

  beforeAll(async () => {
    embedded = await startEmbeddedPostgres('memory://')
    pool = new pg.Pool({ connectionString: embedded.url, max: 8 })
    await pool.query('create table items (id int primary key, label text not null)')
  })
  afterAll(async () => {
    await pool.end()
    await embedded.stop()
  })

  it('answers a result of megabytes intact, while other connections query', async () => {
    const big = pool.query<{ n: number; s: string }>(
      'select n, repeat(md5(n::text), 20) as s from generate_series(1, 4000) as n',
    )
    const others = Array.from({ length: 20 }, (_, i) => pool.query('select $1::int as n', [i]))
    const { rows } = await big
    expect(rows).toHaveLength(4000)
    expect(rows.every((row, i) => row.n === i + 1 && row.s.length === 640)).toBe(true)
    expect((await Promise.all(others)).map((answer) => answer.rows[0].n)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    )
  })

  it('answers hundreds of parameterized queries at once, each with its own result', async () => {
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        pool.query<{ n: number; s: string }>('select $1::int as n, $2::text as s', [i, `v${i}`]),
      ),
    )
    expect(answers.map((answer) => answer.rows[0])).toEqual(answers.map((_, i) => ({ n: i, s: `v${i}` })))
  })

  it('keeps a transaction to its connection while others query, and rolls back what it must', async () => {
    const transaction = async (id: number, commit: boolean) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        await client.query('insert into items (id, label) values ($1, $2)', [id, `item ${id}`])
        await new Promise((resolve) => setTimeout(resolve, 5))
        const inside = await client.query('select count(*)::int as n from items where id = $1', [id])
        expect(inside.rows[0].n).toBe(1)
        await client.query(commit ? 'commit' : 'rollback')
      } finally {
        client.release()
      }
    }
    const readers = Array.from({ length: 50 }, (_, i) => pool.query('select $1::int as n', [i]))
    await Promise.all([...Array.from({ length: 20 }, (_, i) => transaction(i, i % 2 === 0)), ...readers])
    const { rows } = await pool.query<{ id: number }>('select id from items order by id')
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 10 }, (_, i) => i * 2))
  })

  it('rolls back the transaction of a connection that goes away', async () => {
    const client = new pg.Client({ connectionString: embedded.url })
    await client.connect()
    await client.query('begin')
    await client.query('insert into items (id, label) values (999, $1)', ['orphan'])
    await client.end()
    const { rows } = await pool.query('select count(*)::int as n from items where id = 999')
    expect(rows[0].n).toBe(0)
  })

  it("serves a console connection's request before the requests queued ahead of it", async () => {
    const consolePool = new pg.Pool({
      connectionString: embedded.url,
      max: 1,
      application_name: CONSOLE_APPLICATION,
    })
    const holder = await pool.connect()
    try {
      await consolePool.query('select 1') // connected before the queue forms
      // A transaction holds the session: everything sent meanwhile queues, in the order sent.
      await holder.query('begin')
      const finished: string[] = []
      const background = Array.from({ length: 6 }, (_, i) =>
        pool.query('select $1::int as n', [i]).then(() => finished.push(`background ${i}`)),
      )
      await new Promise((resolve) => setTimeout(resolve, 50))
      const fromConsole = consolePool.query('select 1').then(() => finished.push('console'))
      await new Promise((resolve) => setTimeout(resolve, 50))
      await holder.query('commit')
      await Promise.all([...background, fromConsole])
      expect(finished[0]).toBe('console')
      expect(finished).toHaveLength(7)
    } finally {
      holder.release()
      await consolePool.end()
    }
  })

  it("serves a console connection's request that arrives while the queue is being served next", async () => {
    const consolePool = new pg.Pool({
      connectionString: embedded.url,
      max: 1,
      application_name: CONSOLE_APPLICATION,
    })
    try {
      await consolePool.query('select 1') // connected before the queue forms
      // Each of the pool's 8 connections keeps a request queued: the queue never runs dry.
      let answered = 0
      const background = Array.from({ length: 48 }, () =>
        pool.query('select pg_sleep(0.01)').then(() => answered++),
      )
      await new Promise((resolve) => setTimeout(resolve, 60))
      const before = answered
      await consolePool.query('select 1')
      // Served after the request running when it came (and perhaps one begun in that turn), not
      // after the 8 queued ahead of it.
      expect(answered - before).toBeLessThanOrEqual(3)
      await Promise.all(background)
    } finally {
      await consolePool.end()
    }
  })

  it("keeps each connection's named statements its own: the same name on every connection, and again after one closes", async () => {
    // Eight connections each prepare "same" with a different text: on a shared session without
    // per-connection names the second Parse would fail ("prepared statement already exists").
    const clients = await Promise.all(Array.from({ length: 8 }, () => pool.connect()))
    try {
      const answers = await Promise.all(
        clients.map((client, i) =>
          client.query<{ n: number }>({ name: 'same', text: `select $1::int + ${i} as n`, values: [100] }),
        ),
      )
      expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(clients.map((_, i) => 100 + i))
      // Executed again: Bind names the statement, and each connection's own is used.
      const again = await Promise.all(
        clients.map((client, i) =>
          client.query<{ n: number }>({ name: 'same', text: `select $1::int + ${i} as n`, values: [1] }),
        ),
      )
      expect(again.map((answer) => answer.rows[0]!.n)).toEqual(clients.map((_, i) => 1 + i))
    } finally {
      for (const client of clients) client.release(true)
    }
    // The closed connections' statements are forgotten; a new connection prepares the name anew.
    const fresh = await pool.connect()
    try {
      const { rows } = await fresh.query<{ n: number }>({
        name: 'same',
        text: 'select $1::int * 2 as n',
        values: [21],
      })
      expect(rows[0]!.n).toBe(42)
      // The others' statements go once the worker hears their sockets close.
      const named = async () =>
        (
          await fresh.query<{ n: number }>(
            "select count(*)::int as n from pg_prepared_statements where name like '%same'",
          )
        ).rows[0]!.n
      await expect.poll(named, { timeout: 5000 }).toBe(1)
    } finally {
      fresh.release(true)
    }
  })
})
