import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres'
import { EmbeddedVacuum } from './embedded-vacuum'

describe('the embedded autovacuum', () => {
  let embedded: EmbeddedPostgres
  let pool: pg.Pool

  beforeAll(async () => {
    embedded = await startEmbeddedPostgres('memory://')
    pool = new pg.Pool({ connectionString: embedded.url, max: 2 })
  })
  afterAll(async () => {
    await pool.end()
    await embedded.stop()
  })

  it('vacuums and analyzes the tables autovacuum would, each by its threshold, and leaves the quiet ones alone', async () => {
    await pool.query('create table busy (id int primary key, n int)')
    // Outside the search path, as pg-boss's tables are.
    await pool.query('create schema elsewhere')
    await pool.query('create table elsewhere.busy (id int primary key)')
    await pool.query('insert into elsewhere.busy select g from generate_series(1, 1000) g')
    await pool.query('create table quiet (id int primary key)')
    await pool.query('insert into busy select g, 0 from generate_series(1, 1000) g')
    await pool.query('insert into quiet values (1)')
    // A session reports its table statistics at most once a second, unless forced to at the end
    // of its next statement.
    const reportStatistics = async () => {
      await pool.query('select pg_stat_force_next_flush()')
      await pool.query('select 1')
    }
    await reportStatistics()
    const vacuum = new EmbeddedVacuum(pool)
    const done = async () =>
      (
        await pool.query(
          "select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'busy' and schemaname = 'public'",
        )
      ).rows[0]
    // New rows, none dead: analyzed only.
    expect((await vacuum.run()).sort()).toEqual(['elsewhere.busy', 'public.busy'])
    expect(await done()).toEqual({ vacuumed: false, analyzed: true })

    await pool.query('update busy set n = n + 1')
    await reportStatistics()
    expect(await vacuum.run()).toEqual(['public.busy'])
    const { rows } = await pool.query(
      "select n_dead_tup, last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'busy' and schemaname = 'public'",
    )
    expect(rows[0]).toEqual({ n_dead_tup: '0', vacuumed: true })
    await reportStatistics()
    expect(await vacuum.run()).toEqual([])
  })
})
