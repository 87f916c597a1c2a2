// PostgreSQL + Mosquitto (dynamic security). Two figures:
// 1. Telemetry ingest capacity with no growing backlog, beside what a bare `mosquitto_sub`
//    receives in the same run. Target: at least 20,000 msg/s, ratio at least 0.5.
// 2. The device list over 100,000 devices with a filter. Target: p99 under 50 ms.
// Needs the local PostgreSQL (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres)
// and the mosquitto binary; it makes its own database and broker and removes them after.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { topics } from '@canopy/shared/protocol'
import { catalogueEntries, PROFILES, randomMac, signedRegistration } from '@canopy/simulator'
import autocannon from 'autocannon'
import mqtt from 'mqtt'
import pg from 'pg'
import { startMosquitto } from '../apps/server/test/mosquitto'
import { databaseOfItsOwn } from '../apps/server/test/own-database'
import { api, operatorApi, printTable, requireBuild, startServer } from './support'

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? 500)
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RATES = [5_000, 10_000, 20_000, 30_000, 40_000, 50_000]
const LIST_DEVICES = 100_000

requireBuild()
const database = await databaseOfItsOwn(ADMIN_URL, 'canopy_bench')
const databaseUrl = database.url
const mosquitto = await startMosquitto()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-scale-'))
const server = await startServer(dataDir, {
  DATABASE_URL: databaseUrl,
  MQTT_URL: mosquitto.url,
  MQTT_USERNAME: mosquitto.username,
  MQTT_PASSWORD: mosquitto.password,
  LOG_LEVEL: 'error',
  // The figure is the ingest's capacity: each of the few publishers stands for many devices, so
  // the per-device limits (1 telemetry message a second) are lifted, and the queue with them.
  DEVICE_TELEMETRY_PER_SECOND: '100000',
  DEVICE_BACKLOG: '100000',
  DEVICE_MESSAGES_QUEUED: '1000000',
})
const clients: mqtt.MqttClient[] = []
try {
  await operatorApi(server.baseUrl, dataDir, 'POST', '/operator/products/import', {
    products: catalogueEntries(),
  })
  const ingest = await measureIngest()
  const list = await measureList()
  printTable('PostgreSQL + Mosquitto: telemetry ingest, step by step (msg/s)', [
    ...ingest.steps.map((step): [string, string] => [
      `offered ${step.offered.toFixed(0)}`,
      `bare ${step.bare.toFixed(0)} / Canopy ${step.canopy.toFixed(0)} / left ${step.drained}`,
    ]),
  ])
  printTable('PostgreSQL + Mosquitto', [
    ['publishers (devices)', String(PUBLISHERS)],
    [
      'ingest capacity with no growing backlog',
      `${ingest.capacity?.canopy.toFixed(0) ?? 'none'} msg/s`,
      '≥ 20,000 msg/s',
    ],
    [
      'most a bare mosquitto_sub received',
      `${Math.max(...ingest.steps.map((step) => step.bare)).toFixed(0)} msg/s`,
    ],
    [
      'ratio Canopy capacity / bare mosquitto_sub',
      ingest.capacity
        ? (ingest.capacity.canopy / Math.max(...ingest.steps.map((step) => step.bare))).toFixed(2)
        : '—',
      '≥ 0.5',
    ],
    [
      `device list over ${LIST_DEVICES.toLocaleString('en')} devices, filtered: p99`,
      `${list.p99} ms`,
      '< 50 ms',
    ],
    ['device list, filtered: requests/s (8 connections)', list.rps.toFixed(0)],
  ])
} finally {
  await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})))
  await server.stop()
  await mosquitto.stop()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}

/**
 * Devices publishing telemetry at fixed rates, step by step; Canopy and a bare subscriber both
 * listen. The capacity is the highest rate Canopy keeps up with: it receives what the bare
 * subscriber receives, and has nothing left to read two seconds after the load stops.
 */
async function measureIngest() {
  const profile = PROFILES[0]!
  const identities = []
  for (let i = 0; i < PUBLISHERS; i += 50) {
    identities.push(
      ...(await Promise.all(Array.from({ length: Math.min(50, PUBLISHERS - i) }, () => register(profile)))),
    )
  }
  for (const identity of identities) {
    clients.push(
      await mqtt.connectAsync(mosquitto.url, {
        protocolVersion: 4,
        clientId: identity.thingName,
        username: identity.thingName,
        password: identity.deviceSecret,
      }),
    )
  }
  // One byte per message (-N -F .): the yardstick should not be slowed by its own printing.
  const bare = spawn('mosquitto_sub', [
    '-h',
    '127.0.0.1',
    '-p',
    new URL(mosquitto.url).port,
    '-u',
    mosquitto.username,
    '-P',
    mosquitto.password,
    '-V',
    'mqttv311',
    '-t',
    'dt/canopy/+/telemetry',
    '-N',
    '-F',
    '.',
  ])
  let bareCount = 0
  bare.stdout.on('data', (chunk: Buffer) => {
    bareCount += chunk.length
  })
  await new Promise((resolve) => setTimeout(resolve, 1000))

  const received = async () =>
    (await operatorApi<{ ingest: { received: number } }>(server.baseUrl, dataDir, 'GET', '/operator/metrics'))
      .ingest.received
  const body = JSON.stringify({
    uptime: 1000,
    cpu: 12.5,
    mem: 40.1,
    clients: 7,
    radios: [{ band: '2g', channel: 6, clients: 7 }],
  })
  const steps: Array<{ rate: number; offered: number; bare: number; canopy: number; drained: number }> = []
  for (const rate of RATES) {
    const canopyBefore = await received()
    const bareBefore = bareCount
    const offered = await offer(
      rate,
      body,
      identities.map((identity) => topics.telemetry(identity.thingName)),
    )
    const canopyDuring = (await received()) - canopyBefore
    const bareDuring = bareCount - bareBefore
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const drained = (await received()) - canopyBefore - canopyDuring
    steps.push({
      rate,
      offered,
      bare: bareDuring / LOAD_SECONDS,
      canopy: canopyDuring / LOAD_SECONDS,
      drained,
    })
    if (!keptUp(steps.at(-1)!)) break
  }
  bare.kill()
  const kept = steps.filter(keptUp)
  return { steps, capacity: kept.at(-1) }
}

/**
 * Canopy kept up with a step when it received what the bare subscriber did, and had at most a
 * tenth of a second's messages still to read once the load stopped (more is a backlog).
 */
function keptUp(step: { rate: number; bare: number; canopy: number; drained: number }): boolean {
  return step.canopy >= step.bare * 0.98 && step.drained <= step.rate / 10
}

/** Publishes `rate` messages a second, spread over the publishers, for LOAD_SECONDS. */
async function offer(rate: number, body: string, topicsOfPublishers: string[]): Promise<number> {
  const tickMs = 100
  const perTick = rate / (1000 / tickMs)
  let sent = 0
  const started = Date.now()
  for (let tick = 0; Date.now() - started < LOAD_SECONDS * 1000; tick++) {
    const due = Math.floor((tick + 1) * perTick) - Math.floor(tick * perTick)
    for (let i = 0; i < due; i++) {
      const index = (sent + i) % clients.length
      clients[index]!.publish(topicsOfPublishers[index]!, body, { qos: 0 })
    }
    sent += due
    const wait = started + (tick + 1) * tickMs - Date.now()
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)))
  }
  return sent / ((Date.now() - started) / 1000)
}

/** 100,000 devices bound to one tenant, then the list with a filter under load. */
async function measureList() {
  const owner = { username: 'list_owner', password: 'bench1234', confirm_password: 'bench1234' }
  await api(server.baseUrl, '/backend/user/register', { ...owner, email: 'list@bench.test', agreement: true })
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into devices (mac, thing_name, product_id, secret_hash, tenant_id, project_id, name, bound_at, status, firmware, last_seen_at)
       select upper(regexp_replace(lpad(to_hex(g), 12, '0'), '(..)(?!$)', '\\1:', 'g')), 'cnp-' || lpad(to_hex(g), 12, '0'),
              (select id from products order by id offset (g % 5) limit 1), 'x', a.tenant_id, p.id,
              'D' || g, now(), case when g % 10 = 0 then 'offline' else 'online' end,
              case when g % 3 = 0 then '1.4.2' else '2.1.0' end, now()
       from generate_series(16777216, 16777216 + $1 - 1) g
       cross join (select tenant_id from accounts where username = 'list_owner') a
       join projects p on p.tenant_id = a.tenant_id and p.is_default`,
      [LIST_DEVICES],
    )
    // Every device has its latest-telemetry row, as registration makes it.
    await client.query(
      `insert into device_metrics_latest (device_id) select id from devices on conflict do nothing`,
    )
    // The state PostgreSQL's autovacuum reaches within a minute of a bulk insert: statistics, and
    // the visibility map that lets the total be counted from the index alone.
    await client.query('vacuum analyze devices, device_metrics_latest')
  } finally {
    await client.end()
  }
  const { access_token: token } = await api<{ access_token: string }>(
    server.baseUrl,
    '/backend/auth/token',
    owner,
  )
  const options = {
    url: `${server.baseUrl}/api/backend/device/list`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pageIndex: 5, pageOffset: 20, status: 'offline', type: 'ap' }),
  }
  await autocannon({ ...options, connections: 8, duration: 2 })
  const result = await autocannon({ ...options, connections: 8, duration: 10 })
  return { p99: result.latency.p99, rps: result.requests.average }
}

function register(profile: (typeof PROFILES)[number]) {
  return api<{ thingName: string; deviceSecret: string }>(
    server.baseUrl,
    '/device/register',
    signedRegistration(profile, randomMac(profile)),
  )
}
