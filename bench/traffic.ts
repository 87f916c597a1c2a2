// The traffic charts through HTTP as a signed-in owner: one device over 7 days, and a
// 10,000-device project over 24 hours. Target: p99 under 100 ms for each, on the embedded
// defaults; with DATABASE_URL (a PostgreSQL server) the same on a database of its own made there.
// Also printed: what the housekeeping's filings cost over 10,000 devices — one interval's project
// traffic, one hour of the per-device rollup. The history is seeded with SQL (a week of one
// device's samples with a restart, two hours of samples of all 10,000 — a whole hour for the
// rollup — and a week of the project's filed intervals), the rollup filed as the housekeeping
// does, then the built server serves it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { catalogueEntries } from '@canopy/simulator'
import autocannon from 'autocannon'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Executor } from '../apps/server/src/db/client'
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres'
import { trafficRepository } from '../apps/server/src/modules/traffic/traffic.repository'
import { fileTrafficHours } from '../apps/server/src/modules/traffic/traffic-rollup'
import {
  HOUR_MS,
  trafficRollupRepository,
} from '../apps/server/src/modules/traffic/traffic-rollup.repository'
import { trafficWindow } from '../apps/server/src/modules/traffic/traffic-window'
import { databaseOfItsOwn } from '../apps/server/test/own-database'
import { api, measureLatency, operatorApi, printTable, requireBuild, startServer } from './support'

const DEVICES = 10_000
const STEP = 300
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/** a PostgreSQL server to make the bench's database on; the embedded database without */
const SERVER_URL = process.env.DATABASE_URL

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-traffic-'))
const database = SERVER_URL ? await databaseOfItsOwn(SERVER_URL, 'canopy_bench_traffic') : undefined
const serverEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {}
try {
  const owner = { username: 'traffic_owner', password: 'bench1234', confirm_password: 'bench1234' }
  const first = await startServer(dataDir, serverEnv)
  await api(first.baseUrl, '/backend/user/register', { ...owner, email: 'owner@bench.test', agreement: true })
  await operatorApi(first.baseUrl, dataDir, 'POST', '/operator/products/import', {
    products: catalogueEntries(),
  })
  await first.stop()
  const { deviceId, filingMs, rollupMs } = await seed()

  const server = await startServer(dataDir, serverEnv)
  try {
    // The housekeeping's first round runs as the server starts (clients and project traffic
    // over 10,000 devices, the rollup's due hours): the charts are measured after it.
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const { access_token } = await api<{ access_token: string }>(server.baseUrl, '/backend/auth/token', owner)
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }
    const post = (pathName: string, body: unknown) => ({
      url: `${server.baseUrl}/api${pathName}`,
      method: 'POST' as const,
      headers,
      body: JSON.stringify(body),
    })
    const pid = server.process.pid!
    const device = await measure(post('/backend/device/traffic', { id: deviceId, range: 'week' }), pid)
    const project = await measure(post('/backend/user/statistics/traffic', { range: 'day' }), pid)
    const projectWeek = await measure(post('/backend/user/statistics/traffic', { range: 'week' }), pid)
    const where = database ? 'PostgreSQL server' : 'embedded PostgreSQL'
    printTable(`Traffic charts, ${CONNECTIONS} connections, ${SECONDS} s each (${where})`, [
      ['one device over 7 days (168 hourly points): p99', `${device.p99} ms`, '< 100 ms'],
      ['one device over 7 days: requests/s', device.rps.toFixed(0)],
      ['one device over 7 days: server CPU a request', `${device.cpuMs.toFixed(2)} ms`],
      [
        `a ${DEVICES.toLocaleString('en')}-device project over 24 hours: p99`,
        `${project.p99} ms`,
        '< 100 ms',
      ],
      ['the project over 24 hours: requests/s', project.rps.toFixed(0)],
      ['the project over 24 hours: server CPU a request', `${project.cpuMs.toFixed(2)} ms`],
      ['the project over 7 days: p99', `${projectWeek.p99} ms`],
      [
        `filing one interval's project traffic (${DEVICES.toLocaleString('en')} devices)`,
        `${filingMs.toFixed(0)} ms`,
      ],
      [
        `filing one hour of the device rollup (${DEVICES.toLocaleString('en')} devices)`,
        `${rollupMs.toFixed(0)} ms`,
      ],
      ['non-2xx responses (must be 0)', String(device.errors + project.errors + projectWeek.errors)],
    ])
  } finally {
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  await database?.drop()
}
/** A connection to the bench's database: its own on the server, or the embedded one in the data directory. */
async function connect(): Promise<{ client: pg.Client; close: () => Promise<void> }> {
  if (database) {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    return { client, close: () => client.end() }
  }
  const embedded = await startEmbeddedPostgres(path.join(dataDir, 'pglite'))
  const client = new pg.Client({ connectionString: embedded.url })
  await client.connect()
  return {
    client,
    close: async () => {
      await client.end()
      await embedded.stop()
    },
  }
}

/**
 * With BENCH_EXPLAIN set: the plans of the charts' queries as the server runs them (the
 * repositories' own SQL, run under EXPLAIN ANALYZE), on the seeded history.
 */
async function explain(client: pg.Client, ids: { tenantId: number; projectId: number; deviceId: number }) {
  const db = drizzle(client)
  const explaining = {
    execute: async (query: SQL) => {
      const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`)
      console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'))
      return { rows: [{}] }
    },
  } as unknown as Executor
  const now = new Date()
  const day = trafficWindow('day', STEP, now)
  console.log('\n-- the project over 24 hours')
  await trafficRepository(explaining).totalParts({
    ...ids,
    projectIds: [ids.projectId],
    deviceIds: [],
    window: day,
  })
  console.log('\n-- one device over 7 days')
  await trafficRollupRepository(explaining).deviceHours(ids.deviceId, trafficWindow('week', STEP, now))
}

/**
 * p99 and rate under CONNECTIONS at once, and the server process's CPU time per request over
 * 2,000 more (all its threads, the embedded database's included; not a PostgreSQL server's): on
 * shared cores the latency depends on what else runs, the CPU a request takes much less.
 */
async function measure(options: autocannon.Options, pid: number) {
  const latency = await measureLatency(options, CONNECTIONS, SECONDS)
  const amount = 2000
  const before = cpuMs(pid)
  await autocannon({ ...options, connections: CONNECTIONS, amount })
  return { ...latency, cpuMs: (cpuMs(pid) - before) / amount }
}

/** A process's user and system CPU time so far, in ms (/proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/**
 * 10,000 devices in the owner's root project with two hours of 5-minute samples each; the first
 * one with a week of them (restarted in the middle); a week of the project's filed traffic and
 * clients, and the device rollup's hours, as the housekeeping leaves them. Returns the first
 * device and the time one filing took over all the devices' samples: of the latest interval's
 * project traffic, and of the latest whole hour of the rollup.
 */
async function seed() {
  const { client, close } = await connect()
  try {
    const { rows } = await client.query(
      "select a.tenant_id, p.id as root from accounts a join projects p on p.tenant_id = a.tenant_id and p.is_default where a.username = 'traffic_owner'",
    )
    const { tenant_id: tenant, root } = rows[0]
    const inserted = await client.query(
      `insert into devices (mac, thing_name, product_id, secret_hash, tenant_id, project_id, name, bound_at, status, last_seen_at)
       select upper(regexp_replace(lpad(to_hex(g), 12, '0'), '(..)(?!$)', '\\1:', 'g')), 'cnp-' || lpad(to_hex(g), 12, '0'),
              (select id from products order by id offset (g % 5) limit 1), 'x', $1, $2, 'D' || g, now(), 'online', now()
       from generate_series(16777216, 16777216 + $3 - 1) g returning id`,
      [tenant, root, DEVICES],
    )
    const ids: number[] = inserted.rows.map((row) => row.id)
    await client.query(
      'insert into device_metrics_latest (device_id) select unnest($1::int[]) on conflict do nothing',
      [ids],
    )
    const now = Math.floor(Date.now() / 1000 / STEP) * STEP
    // Counters grow by a device's own rate (10–200 kB/s down, a fifth up) between samples.
    const samples = `insert into device_metrics (device_id, at, cpu, mem, clients, uptime, wan_rx, wan_tx,
        radio2g_rx, radio2g_tx, radio5g_rx, radio5g_tx)
      select d, to_timestamp($2::bigint - s * ${STEP}), 10, 40, 5 + d % 20, up, rx, rx / 5, rx / 12, rx / 3, rx / 8, rx / 2
      from unnest($1::int[]) d, generate_series(0, $3::int - 1) s,
        lateral (select (($3::int - s) * ${STEP} + 60)::bigint as up) u,
        lateral (select (up * (10000 + (d % 20) * 10000))::bigint as rx) c`
    await client.query(samples, [ids, now - 30, 24])
    // The first device: a week, restarted 3½ days ago (its counters and uptime start again).
    const week = (7 * 86_400) / STEP
    await client.query(
      `insert into device_metrics (device_id, at, cpu, mem, clients, uptime, wan_rx, wan_tx,
        radio2g_rx, radio2g_tx, radio5g_rx, radio5g_tx)
       select $1, to_timestamp($2::bigint - s * ${STEP}), 10, 40, 8, up, up * 40000, up * 8000, up * 3000, up * 15000, up * 5000, up * 25000
       from generate_series(24, $3::int - 1) s,
         lateral (select (case when s < $3::int / 2 then ($3::int / 2 - s) * ${STEP} else ($3::int - s) * ${STEP} end + 60)::bigint as up) u`,
      [ids[0], now - 30, week],
    )
    // The project's intervals over the week: what the housekeeping files from the samples above.
    await client.query(
      `insert into project_traffic (tenant_id, project_id, at, rx_bytes, tx_bytes)
       select $1, $2, to_timestamp($3::bigint - s * ${STEP}), b, b / 5
       from generate_series(0, $4::int - 1) s, lateral (select (${DEVICES}::bigint * 100000 * ${STEP} * (1 + 0.5 * sin(s / 24.0)))::bigint as b) x`,
      [tenant, root, now - STEP, week],
    )
    await client.query(
      `insert into client_counts (tenant_id, project_id, at, clients, online_devices)
       select $1, $2, to_timestamp($3::bigint - s * ${STEP}), 100000 + (s % 288) * 100, ${DEVICES}
       from generate_series(0, $4::int - 1) s`,
      [tenant, root, now, week],
    )
    await client.query('analyze')
    // The housekeeping's filing of the last whole interval, over every device's samples.
    const repository = trafficRepository(drizzle(client))
    const end = new Date((now - STEP) * 1000)
    await client.query('delete from project_traffic where at = $1', [end.toISOString()])
    const started = performance.now()
    await repository.fileProjectTraffic(end, STEP)
    const filingMs = performance.now() - started
    // The rollup as the housekeeping files it, its latest hour timed (every device has samples in it).
    const db = drizzle(client)
    await fileTrafficHours(db, { now: new Date(), sampleSeconds: STEP, maxHours: Number.POSITIVE_INFINITY })
    const { filedUntil } = await trafficRollupRepository(db).progress()
    const lastHour = new Date(filedUntil! - HOUR_MS)
    await client.query('delete from device_traffic_hourly where hour = $1', [lastHour.toISOString()])
    const rollupStarted = performance.now()
    await trafficRollupRepository(db).fileHour(lastHour, STEP)
    const rollupMs = performance.now() - rollupStarted
    // As autovacuum leaves them: the refiled hour's dead rows gone, the statistics current.
    await client.query('vacuum analyze')
    if (process.env.BENCH_EXPLAIN)
      await explain(client, { tenantId: tenant, projectId: root, deviceId: ids[0]! })
    return { deviceId: ids[0]!, filingMs, rollupMs }
  } finally {
    await close()
  }
}
