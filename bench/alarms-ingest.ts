// Telemetry ingest with alarms on for every device, against the same run without (issue 15).
// Target: with alarms on, at least 0.8 of the rate without. Devices publish through MQTT (the
// server's embedded broker) to the built server on a PostgreSQL database of its own; rounds
// alternate off / on / off / on so drift over the run (a growing table, a busy machine) weighs
// on both. "On" is every category enabled on the tenant's root project, so every report of every
// device is read against its rules; "off" is no alarm setting at all.
// BENCH_DEVICES (default 2,000: the 10,000 is more connections and registrations than the
// shared 2-core machine gives a bench), BENCH_RATE messages a second offered (default 5,000),
// BENCH_SECONDS a round (default 10). Needs the local PostgreSQL (BENCH_DATABASE_URL).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { topics } from '@canopy/shared/protocol'
import { type AlarmRules, DEFAULT_ALARM_RULES } from '@canopy/shared/validation'
import { catalogueEntries, PROFILES, randomMac, signedRegistration } from '@canopy/simulator'
import mqtt from 'mqtt'
import pg from 'pg'
import { databaseOfItsOwn } from '../apps/server/test/own-database'
import { api, operatorApi, printTable, requireBuild, startServer } from './support'

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const DEVICES = Number(process.env.BENCH_DEVICES ?? 2_000)
const RATE = Number(process.env.BENCH_RATE ?? 5_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

/** Every category on, thresholds the steady reports stay within: the cost of reading, not of firing. */
const ALARMS_ON: AlarmRules = Object.fromEntries(
  Object.entries(DEFAULT_ALARM_RULES).map(([category, rule]) => [category, { ...rule, enabled: true }]),
) as AlarmRules

requireBuild()
const database = await databaseOfItsOwn(ADMIN_URL, 'canopy_bench_alarms')
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-alarms-'))
const server = await startServer(dataDir, {
  DATABASE_URL: database.url,
  LOG_LEVEL: 'error',
  // The figure is the ingest's rate: devices report faster than the per-device limit allows.
  DEVICE_TELEMETRY_PER_SECOND: '100000',
  DEVICE_BACKLOG: '100000',
  DEVICE_MESSAGES_QUEUED: '1000000',
})
const clients: mqtt.MqttClient[] = []
const sql = new pg.Client({ connectionString: database.url })
try {
  await sql.connect()
  await operatorApi(server.baseUrl, dataDir, 'POST', '/operator/products/import', {
    products: catalogueEntries(),
  })
  const owner = { username: 'alarm_owner', password: 'bench1234', confirm_password: 'bench1234' }
  await api(server.baseUrl, '/backend/user/register', {
    ...owner,
    email: 'alarms@bench.test',
    agreement: true,
  })
  const { access_token: token } = await api<{ access_token: string }>(
    server.baseUrl,
    '/backend/auth/token',
    owner,
  )
  const things = await connectDevices()
  // The devices are the tenant's, in its root project (binding them one by one is not the subject).
  const { rows } = await sql.query<{ tenant_id: number; root: number }>(
    `select a.tenant_id, p.id as root from accounts a join projects p on p.tenant_id = a.tenant_id and p.is_default
     where a.username = $1`,
    [owner.username],
  )
  const { tenant_id: tenantId, root } = rows[0]!
  await sql.query('update devices set tenant_id = $1, project_id = $2 where thing_name = any($3)', [
    tenantId,
    root,
    things,
  ])
  const body = JSON.stringify({
    uptime: 1000,
    cpu: 12.5,
    mem: 40.1,
    clients: 7,
    wan: { ip: '10.0.0.2' },
    lte: { signal: -80 },
  })
  const rounds: Array<{ alarms: 'off' | 'on'; rate: number; perCpuSecond: number; load: string }> = []
  const alarmsOn = () =>
    api(server.baseUrl, '/backend/device/alarm/set', { gid: root, rules: ALARMS_ON }, token)
  // Warm-up, both ways: connections, each device's first lookups, JIT.
  await round('off', body, things)
  await alarmsOn()
  await round('on', body, things)
  for (const alarms of ['off', 'on', 'off', 'on', 'off', 'on'] as const) {
    await (alarms === 'on' ? alarmsOn() : switchOff(tenantId))
    rounds.push(await round(alarms, body, things))
  }
  const mean = (alarms: 'off' | 'on', figure: 'rate' | 'perCpuSecond') => {
    const of = rounds.filter((r) => r.alarms === alarms)
    return of.reduce((sum, r) => sum + r[figure], 0) / of.length
  }
  const { rows: open } = await sql.query<{ n: number }>('select count(*)::int as n from alarms')
  printTable(`Alarms on telemetry ingest: ${DEVICES} devices through MQTT, ${RATE} msg/s offered`, [
    ...rounds.map((r, index): [string, string] => [
      `round ${index + 1}, alarms ${r.alarms}`,
      `${r.rate.toFixed(0)} msg/s, ${r.perCpuSecond.toFixed(0)} per server CPU-s (load ${r.load})`,
    ]),
    ['ingest, alarms off (mean)', `${mean('off', 'rate').toFixed(0)} msg/s`],
    ['ingest, alarms on for every device (mean)', `${mean('on', 'rate').toFixed(0)} msg/s`],
    ['ratio on / off, messages a second', (mean('on', 'rate') / mean('off', 'rate')).toFixed(2), '≥ 0.8'],
    [
      'ratio on / off, messages per server CPU-second',
      (mean('on', 'perCpuSecond') / mean('off', 'perCpuSecond')).toFixed(2),
      '≥ 0.8',
    ],
    ['alarm rows written (none should fire)', String(open[0]!.n)],
  ])
} finally {
  await Promise.all(clients.map((client) => client.endAsync(true)))
  await sql.end()
  await server.stop()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}

/** Registers the devices and connects each to the server's broker; their thing names. */
async function connectDevices(): Promise<string[]> {
  const profile = PROFILES.find((candidate) => candidate.lte) ?? PROFILES[0]!
  const things: string[] = []
  for (let i = 0; i < DEVICES; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, DEVICES - i) }, () =>
        api<{ thingName: string; deviceSecret: string }>(
          server.baseUrl,
          '/device/register',
          signedRegistration(profile, randomMac(profile)),
        ),
      ),
    )
    for (const identity of batch) {
      clients.push(
        await mqtt.connectAsync(server.mqttUrl, {
          protocolVersion: 4,
          clientId: identity.thingName,
          username: identity.thingName,
          password: identity.deviceSecret,
        }),
      )
      things.push(identity.thingName)
    }
  }
  return things
}

/** No alarm setting at all: the row goes and every instance drops its cached settings. */
async function switchOff(tenantId: number): Promise<void> {
  await sql.query('delete from alarm_settings where tenant_id = $1', [tenantId])
  const event = { kind: 'alarmSettings', tenantId }
  await sql.query("select pg_notify('canopy_changes', $1)", [JSON.stringify({ from: 'bench', event })])
}

/**
 * Offers RATE messages a second for SECONDS, spread over the devices, and measures what the
 * server took in: the ingest's received count from the round's start until it stopped growing
 * (what a round leaves queued is its own, never the next round's), over that time. Offered more
 * than it can take, that is the ingest's rate; offered less, the offered rate.
 */
async function round(alarms: 'off' | 'on', body: string, things: string[]) {
  const received = async () =>
    (await operatorApi<{ ingest: { received: number } }>(server.baseUrl, dataDir, 'GET', '/operator/metrics'))
      .ingest.received
  const before = await received()
  const loadBefore = loadAverage()
  const cpuBefore = cpuSecondsOf(server.process.pid!)
  const tickMs = 100
  const perTick = RATE / (1000 / tickMs)
  let sent = 0
  const started = Date.now()
  for (let tick = 0; Date.now() - started < SECONDS * 1000; tick++) {
    const due = Math.floor((tick + 1) * perTick) - Math.floor(tick * perTick)
    for (let i = 0; i < due; i++) {
      const index = (sent + i) % clients.length
      clients[index]!.publish(topics.telemetry(things[index]!), body, { qos: 0 })
    }
    sent += due
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + (tick + 1) * tickMs - Date.now())),
    )
  }
  // Until the count has not grown for a second (at most a minute more): the round's backlog.
  let taken = (await received()) - before
  let lastGrowth = Date.now()
  while (Date.now() - lastGrowth < 1000 && Date.now() - started < (SECONDS + 60) * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    const now = (await received()) - before
    if (now > taken) {
      taken = now
      lastGrowth = Date.now()
    }
  }
  const cpu = cpuSecondsOf(server.process.pid!) - cpuBefore
  return {
    alarms,
    rate: taken / ((lastGrowth - started) / 1000),
    perCpuSecond: taken / cpu,
    load: `${loadBefore} → ${loadAverage()}`,
  }
}

/**
 * The CPU time a process has used (user + system), in seconds. On a machine others load too, the
 * ingest's rate follows the CPU it is given; messages per CPU-second is what alarms cost.
 */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name
  return (Number(fields[11]) + Number(fields[12])) / 100
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 1).join('')
}
