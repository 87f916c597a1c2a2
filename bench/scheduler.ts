// The scheduler's overhead: 100,000 pending jobs on one queue, claimed and finished by the real
// Scheduler (pg-boss fetch with SKIP LOCKED, one handler per job, the batch's successes completed
// in one statement). Target: ≥ 2,000 claims-and-finishes per second, on the embedded database (a
// data directory on disk, as the server runs) and, with DATABASE_URL set, on that PostgreSQL
// server (in a database of its own, dropped after). Each batch size in BENCH_BATCH_SIZES
// (default: the server's default and a smaller one) is measured; the jobs are seeded with one
// INSERT … generate_series and analyzed, which is set-up, not measured.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres'
import { PgBossScheduler, SCHEDULER_DEFAULTS } from '../apps/server/src/scheduler/pg-boss-scheduler'
import { databaseOfItsOwn } from '../apps/server/test/own-database'
import { printTable } from './support'

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000)
const WARM_UP = 20_000
const TARGET = 2000
const BATCH_SIZES = (process.env.BENCH_BATCH_SIZES ?? `${SCHEDULER_DEFAULTS.batchSize},10`)
  .split(',')
  .map(Number)

interface Measured {
  batchSize: number
  perSecond: number
  seconds: number
}

/** Seeds `jobs` pending jobs, then lets one Scheduler claim and finish them all. */
async function measure(url: string, batchSize: number, jobs = JOBS): Promise<Measured> {
  const reportError = (error: unknown, what: string) => {
    throw new Error(`${what}: ${String(error)}`)
  }
  const scheduler = await PgBossScheduler.start({ url, batchSize, reportError })
  const queue = `bench_${batchSize}_${Date.now()}`
  // Creates the queue (pg-boss 10 needs one before its jobs); this job is one of them.
  await scheduler.send(queue, { n: 0 })
  const seed = new pg.Client({ connectionString: url })
  await seed.connect()
  try {
    await seed.query(
      `insert into pgboss.job (name, data, start_after)
       select $1, jsonb_build_object('n', n), now() - interval '1 second' from generate_series(1, $2::int) n`,
      [queue, jobs - 1],
    )
    // The statistics autovacuum gathers on PostgreSQL, and embedded-vacuum.ts on PGlite, within a
    // minute of such an insert; without them the planner expects a handful of rows and sorts them
    // all for every fetch.
    await seed.query('analyze pgboss.job')
    let finished = 0
    let done: () => void = () => {}
    const allRun = new Promise<void>((resolve) => {
      done = resolve
    })
    const started = performance.now()
    await scheduler.work(queue, async () => {
      finished += 1
      if (finished === jobs) done()
    })
    await allRun
    // stop() waits for the last batch's complete statement.
    await scheduler.stop()
    const seconds = (performance.now() - started) / 1000
    const { rows } = await seed.query<{ completed: string }>(
      `select count(*) completed from pgboss.job where name = $1 and state = 'completed'`,
      [queue],
    )
    if (Number(rows[0]!.completed) !== jobs)
      throw new Error(`${rows[0]!.completed} of ${jobs} jobs completed`)
    await seed.query(`delete from pgboss.job where name = $1`, [queue])
    return { batchSize, perSecond: jobs / seconds, seconds }
  } finally {
    await seed.end()
    await scheduler.stop()
  }
}

function rows(results: Measured[]): Array<[string, string, string?]> {
  return results.map(({ batchSize, perSecond, seconds }) => [
    `batch of ${batchSize}${batchSize === SCHEDULER_DEFAULTS.batchSize ? ' (the server default)' : ''}: claims-and-finishes/s`,
    `${perSecond.toFixed(0)} (${seconds.toFixed(1)} s)`,
    `≥ ${TARGET}`,
  ])
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-scheduler-'))
const embedded = await startEmbeddedPostgres(path.join(dataDir, 'pglite'))
try {
  // PGlite's WASM runs on V8's baseline compiler until it is warm; a server that has run a
  // while is past that, so a round of WARM_UP jobs goes first, not counted.
  await measure(embedded.url, SCHEDULER_DEFAULTS.batchSize, WARM_UP)
  const results: Measured[] = []
  for (const batchSize of BATCH_SIZES) results.push(await measure(embedded.url, batchSize))
  printTable(
    `Scheduler: ${JOBS.toLocaleString('en')} pending jobs, one instance (embedded PostgreSQL)`,
    rows(results),
  )
} finally {
  await embedded.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

const serverUrl = process.env.DATABASE_URL
if (serverUrl) {
  const database = await databaseOfItsOwn(serverUrl, 'canopy_bench_scheduler')
  try {
    const results: Measured[] = []
    for (const batchSize of BATCH_SIZES) results.push(await measure(database.url, batchSize))
    printTable(
      `Scheduler: ${JOBS.toLocaleString('en')} pending jobs, one instance (PostgreSQL)`,
      rows(results),
    )
  } finally {
    await database.drop()
  }
}
