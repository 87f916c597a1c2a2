import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { databaseOfItsOwn } from '../../test/own-database'
import { workerResources } from '../../test/worker-resources'
import { PgBossScheduler, transactionSafe } from './pg-boss-scheduler'

/**
 * The scheduler on the run's database (the embedded PGlite over its socket, or PostgreSQL with
 * DATABASE_URL): claims are exclusive across instances, timed jobs wait, keys dedupe, failures
 * retry, and a job held by a process killed with kill -9 runs again after a restart.
 */
const url = workerResources().databaseUrl
const run = `${process.pid}_${Date.now()}`
const queueName = (what: string) => `test_${what}_${run}`
const started: PgBossScheduler[] = []

/** what the schedulers reported: the handlers' failures, and anything else (which fails the run) */
const reported: string[] = []
const scheduler = async () => {
  const instance = await PgBossScheduler.start({
    url,
    reportError: (error, what) => reported.push(`${what}: ${String(error)}`),
  })
  started.push(instance)
  return instance
}

async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('the pg-boss scheduler', () => {
  let a: PgBossScheduler
  let b: PgBossScheduler

  beforeAll(async () => {
    a = await scheduler()
    b = await scheduler()
  })
  afterAll(async () => {
    for (const instance of started) await instance.stop()
    // Handlers that threw on purpose were logged; nothing else was.
    expect(reported.filter((entry) => !entry.startsWith('scheduled job '))).toEqual([])
    expect(reported.filter((entry) => entry.includes('attempt 1 fails'))).toHaveLength(1)
  })

  it('runs each job once across two instances working the same queue', async () => {
    const queue = queueName('once')
    const runs: Array<{ id: string; by: string }> = []
    const handler = (by: string) => async (job: { id: string }) => {
      runs.push({ id: job.id, by })
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await a.work(queue, handler('a'))
    await b.work(queue, handler('b'))
    const ids = await Promise.all(Array.from({ length: 60 }, (_, n) => a.send(queue, { n })))
    await until(() => runs.length >= ids.length, 'every job run')
    // Both instances keep polling a while longer: still nothing runs twice.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(runs.map((entry) => entry.id).sort()).toEqual([...ids].sort())
  })

  it('lets instances create the same queues at once', async () => {
    // pg-boss's create_queue alone deadlocks when two run together on PostgreSQL.
    const more = await Promise.all([scheduler(), scheduler(), scheduler(), scheduler()])
    const queues = [queueName('created_1'), queueName('created_2')]
    const ids = await Promise.all(more.flatMap((instance) => queues.map((queue) => instance.send(queue, {}))))
    expect(ids.every((id) => typeof id === 'string')).toBe(true)
  })

  it('does not start a job before its startAfter, and starts it then when this instance sent it', async () => {
    const queue = queueName('timed')
    let ranAt: number | undefined
    await a.work(queue, async () => {
      ranAt = Date.now()
    })
    const startAfter = new Date(Date.now() + 1500)
    await a.send(queue, { timed: true }, { startAfter })
    const at = await until(() => ranAt, 'the timed job')
    expect(at).toBeGreaterThanOrEqual(startAfter.getTime())
    // Woken at its time, not at the next poll (every 2 s).
    expect(at - startAfter.getTime()).toBeLessThan(1000)
  })

  it('queues several jobs in one sendMany: each runs once at its time, a held key is left out', async () => {
    const queue = queueName('many')
    const ran: Array<{ n: number; at: number }> = []
    await a.work<{ n: number }>(queue, async (job) => {
      ran.push({ n: job.data.n, at: Date.now() })
    })
    const later = new Date(Date.now() + 60_000)
    await a.send(queue, { n: 0 }, { singletonKey: 'held', startAfter: later })
    const soon = new Date(Date.now() + 1000)
    await a.sendMany(queue, [
      { data: { n: 1 } },
      { data: { n: 2 }, options: { singletonKey: 'held' } },
      { data: { n: 3 }, options: { startAfter: soon, singletonKey: 'free' } },
    ])
    await until(() => ran.length >= 2, 'the jobs of the insert')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(ran.map((run) => run.n).sort()).toEqual([1, 3])
    expect(ran.find((run) => run.n === 3)!.at).toBeGreaterThanOrEqual(soon.getTime())
  })

  it('keeps one unfinished job per singletonKey', async () => {
    const queue = queueName('singleton')
    const later = new Date(Date.now() + 60_000)
    const first = await a.send(queue, { n: 1 }, { singletonKey: 'order-1', startAfter: later })
    expect(first).toEqual(expect.any(String))
    expect(await b.send(queue, { n: 2 }, { singletonKey: 'order-1' })).toBeNull()
    // Another key, and no key at all, are not held back.
    expect(await a.send(queue, { n: 3 }, { singletonKey: 'order-2', startAfter: later })).toEqual(
      expect.any(String),
    )
    expect(await a.send(queue, { n: 4 }, { startAfter: later })).toEqual(expect.any(String))
    expect(await a.send(queue, { n: 5 }, { startAfter: later })).toEqual(expect.any(String))
    // A cancelled job no longer holds its key.
    await a.cancel(queue, first!)
    expect(await b.send(queue, { n: 6 }, { singletonKey: 'order-1', startAfter: later })).toEqual(
      expect.any(String),
    )
  })

  it('retries a throwing handler up to its retryLimit, keeping its singletonKey', async () => {
    const queue = queueName('retry')
    let calls = 0
    let succeeded = false
    await b.work(queue, async () => {
      calls += 1
      if (calls < 3) throw new Error(`attempt ${calls} fails`)
      succeeded = true
    })
    await a.send(queue, { flaky: true }, { retryLimit: 2, retryDelaySeconds: 0, singletonKey: 'flaky' })
    await until(() => succeeded, 'the third attempt')
    expect(calls).toBe(3)
    // Finished: the key is free again.
    expect(await a.send(queue, { again: true }, { singletonKey: 'flaky' })).toEqual(expect.any(String))
  })

  it('gives up on a job after its retryLimit', async () => {
    const queue = queueName('give_up')
    let calls = 0
    await a.work(queue, async () => {
      calls += 1
      throw new Error('always fails')
    })
    const id = await a.send(queue, { doomed: true }, { retryLimit: 1 })
    await until(async () => (await jobState(queue, id!)) === 'failed', 'the job failed')
    // Failed for good: polled a while longer, it is not tried a third time.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(calls).toBe(2)
  })
})

describe("pg-boss's statements", () => {
  it('leave no connection inside a failed BEGIN … COMMIT text (on PGlite it would hold the one session)', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    try {
      const db = transactionSafe(pool)
      await expect(db.executeSql('BEGIN; SELECT 1 / 0; COMMIT;', [])).rejects.toThrow(/division by zero/)
      // The same (only) connection: not "current transaction is aborted".
      const { rows } = await db.executeSql('SELECT 1 AS one', [])
      expect(rows).toEqual([{ one: 1 }])
    } finally {
      await pool.end()
    }
  })
})

describe('a job held by a scheduler killed with kill -9', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'canopy-scheduler-'))
  const runLog = path.join(work, 'runs.log')
  const queue = queueName('kill')
  const external = inject('externalDatabase')
  let database: { url: string; drop(): Promise<void> } | undefined
  let child: ChildProcess | undefined

  beforeAll(async () => {
    if (external) database = await databaseOfItsOwn(url, 'canopy_scheduler')
  })
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child!.once('exit', resolve))
    }
    await database?.drop()
    rmSync(work, { recursive: true, force: true })
  })

  const startChild = async (env: Record<string, string>) => {
    child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../../test/scheduler-process.ts')],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: {
          ...process.env,
          // The embedded database lives in the child, on disk, and outlives it; or a database of its own.
          DATA_DIR: database ? '' : path.join(work, 'data'),
          DATABASE_URL: database?.url ?? '',
          RUN_LOG: runLog,
          QUEUE: queue,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout!.on('data', (chunk) => {
      output += chunk
    })
    child.stderr!.on('data', (chunk) => {
      output += chunk
    })
    const running = child
    await until(() => output.includes('ready') || running.exitCode !== null, 'the child scheduler', 60_000)
    if (!output.includes('ready')) throw new Error(`the child scheduler failed:\n${output}`)
  }
  const runs = () => (existsSync(runLog) ? readFileSync(runLog, 'utf8').trim().split('\n') : [])

  it('runs again after the restart: at once on the embedded database, at its expiry on a shared one', async () => {
    await startChild({ SEND: '1', HANG: '1' })
    const [held] = await until(() => (runs().length === 1 ? runs() : undefined), 'the job claimed', 15_000)
    const dead = child!
    dead.kill('SIGKILL')
    await new Promise((resolve) => dead.once('exit', resolve))

    await startChild({ HANG: '0' })
    const after = await until(() => (runs().length >= 2 ? runs() : undefined), 'the job run again', 30_000)
    expect(after).toEqual([held, held])
  }, 120_000)
})

async function jobState(queue: string, id: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ state: string }>(
      'select state from pgboss.job where name = $1 and id = $2 union all select state from pgboss.archive where name = $1 and id = $2',
      [queue, id],
    )
    return rows[0]?.state
  } finally {
    await client.end()
  }
}
