// A scheduler in a process of its own, for the kill -9 test (src/scheduler/pg-boss-scheduler.test.ts):
// it opens the database the way the server does (the embedded PGlite under DATA_DIR, or
// DATABASE_URL), works one queue, appends "<job id>" to RUN_LOG for each job it starts, and with
// HANG=1 never finishes one, so the test can kill it while it holds the job.
import { appendFileSync } from 'node:fs'
import path from 'node:path'
import { startEmbeddedPostgres } from '../src/db/embedded-postgres'
import { PgBossScheduler } from '../src/scheduler/pg-boss-scheduler'

const { DATA_DIR, DATABASE_URL, RUN_LOG, QUEUE, HANG, SEND } = process.env
if (!RUN_LOG || !QUEUE || (!DATA_DIR && !DATABASE_URL))
  throw new Error('RUN_LOG, QUEUE and DATA_DIR or DATABASE_URL')

const embedded = DATABASE_URL ? undefined : await startEmbeddedPostgres(path.join(DATA_DIR!, 'pglite'))
const scheduler = await PgBossScheduler.start({
  url: DATABASE_URL || embedded!.url,
  // The embedded database is this process's alone, as in the server (app.ts): a claim found at
  // start is the killed process's and runs again at once, so its expiry may be long. On a shared
  // PostgreSQL the claim must expire: small, so the test does not wait minutes.
  reclaimOnStart: !DATABASE_URL,
  expireInSeconds: DATABASE_URL ? 2 : 600,
  maintenanceIntervalSeconds: 1,
  reportError: (error, what) => process.stderr.write(`${what}: ${String(error)}\n`),
})
await scheduler.work(QUEUE, async (job) => {
  appendFileSync(RUN_LOG, `${job.id}\n`)
  if (HANG === '1') await new Promise(() => {})
})
if (SEND === '1') await scheduler.send(QUEUE, { kill: true }, { retryLimit: 3 })
process.stdout.write('ready\n')
