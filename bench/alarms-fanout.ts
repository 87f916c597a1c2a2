// 1,000 alarms firing at once (issue 15): every badge updated in under 2 s p99 over 1,000 open
// notice sockets. 1,000 accounts, each its own tenant with one device bound to its root project
// (so the tenant's primary account is the alarm's receiver, with nobody else chosen), the
// "WAN IP changed" event alarm on for that project, and each account's notice socket open
// (/notice/{uid}). The devices are raw MQTT clients on the server's broker: each reports a first
// address, then all report a new one at once and each fires its alarm through the real path
// (ingest → alarm engine → durable fire job → system message → notice socket). Measured per
// socket: from its own device's report being published to the badge count 1 arriving; and, from
// each alarm's `pending_since` and `fired_at`, where that time went.
// BENCH_ACCOUNTS (default 1,000); embedded defaults, or PostgreSQL with BENCH_DATABASE_URL.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { topics } from '@canopy/shared/protocol'
import { hashManagementCredential } from '@canopy/shared/protocol/credential'
import { type AlarmRules, DEFAULT_ALARM_RULES } from '@canopy/shared/validation'
import {
  catalogueEntries,
  PROFILES,
  randomMac,
  signedRegistration,
  simulatedPassword,
} from '@canopy/simulator'
import mqtt from 'mqtt'
import type WebSocket from 'ws'
import { databaseOfItsOwn } from '../apps/server/test/own-database'
import { bind } from './fleet'
import {
  allWithin,
  openNoticeSockets,
  percentile,
  type Session,
  SIGN_UP_LIMITS,
  signUpAccounts,
} from './notice-sessions'
import { api, operatorApi, printTable, requireBuild, startServer } from './support'

interface Device {
  thing: string
  client: mqtt.MqttClient
}

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1000)
const PARALLEL = 16
const WAN_IP_CHANGED: AlarmRules = {
  ...DEFAULT_ALARM_RULES,
  wan_ip_changed: { ...DEFAULT_ALARM_RULES.wan_ip_changed, enabled: true },
}
const profile = PROFILES[0]!
/** the cheapest credential the cloud accepts: binding a thousand devices is not the subject */
const CREDENTIAL_PARAMETERS = { N: 1024, r: 8, p: 1 }

requireBuild()
const database = process.env.BENCH_DATABASE_URL
  ? await databaseOfItsOwn(process.env.BENCH_DATABASE_URL, 'canopy_bench_alarm_fanout')
  : undefined
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-alarm-fanout-'))
const server = await startServer(dataDir, {
  ...SIGN_UP_LIMITS,
  ...(database ? { DATABASE_URL: database.url } : {}),
  // Each device reports twice within seconds: more often than the per-device limit allows.
  DEVICE_TELEMETRY_PER_SECOND: '100',
})
const clients: mqtt.MqttClient[] = []
let sockets: WebSocket[] = []
try {
  await operatorApi(server.baseUrl, dataDir, 'POST', '/operator/products/import', {
    products: catalogueEntries(),
  })
  const setupStarted = performance.now()
  const sessions = await signUpAccounts(server.baseUrl, ACCOUNTS, 'a')
  // devices[i] is sessions[i]'s: its alarm goes to that account alone.
  const devices: Device[] = []
  for (let start = 0; start < ACCOUNTS; start += PARALLEL) {
    const batch = sessions.slice(start, start + PARALLEL)
    devices.push(...(await Promise.all(batch.map((session) => deviceOf(session)))))
  }
  const report = (index: number, ip: string) =>
    devices[index]!.client.publish(
      topics.telemetry(devices[index]!.thing),
      JSON.stringify({ uptime: 1000, cpu: 12.5, mem: 40.1, clients: 7, wan: { ip } }),
      { qos: 0 },
    )
  // The first address: what a change is measured against (the engine keeps each device's last).
  const received = async () =>
    (await operatorApi<{ ingest: { received: number } }>(server.baseUrl, dataDir, 'GET', '/operator/metrics'))
      .ingest.received
  const before = await received()
  for (let index = 0; index < ACCOUNTS; index++) report(index, '10.0.0.2')
  await untilReceived(received, before + ACCOUNTS, 60)
  const opened = await openNoticeSockets(server.baseUrl, sessions)
  sockets = opened.sockets
  const setupSeconds = (performance.now() - setupStarted) / 1000

  const loadBefore = loadAverage()
  const published: number[] = []
  for (let index = 0; index < ACCOUNTS; index++) {
    published[index] = performance.now()
    report(index, '10.0.0.3')
  }
  const arrivals = await allWithin(opened.arrivals, 120, 'every badge updated')
  const loadAfter = loadAverage()
  const delays = arrivals.map((at, index) => at - published[index]!).sort((a, b) => a - b)
  const lastArrival = Math.max(...arrivals) - published[0]!
  const alarms = await alarmsOf(sessions)
  const rows = alarms.reduce((sum, alarm) => sum + alarm.total, 0)
  // Where the time went, per alarm (the server's clock and the bench's are the machine's).
  const epoch = (at: number) => performance.timeOrigin + at
  const stage = (of: (index: number) => number) => {
    const spans = alarms.map((_, index) => of(index)).sort((a, b) => a - b)
    return `${percentile(spans, 50).toFixed(0)} / ${percentile(spans, 99).toFixed(0)} ms`
  }
  printTable(
    `Alarm fan-out: ${ACCOUNTS} alarms at once to ${ACCOUNTS} open sockets (${database ? 'PostgreSQL' : 'embedded defaults'})`,
    [
      ['badges updated', `${delays.length} / ${ACCOUNTS}`, 'all'],
      ['alarm rows written (active)', `${rows} / ${ACCOUNTS}`, 'all'],
      ['p50 from device report to badge', `${percentile(delays, 50).toFixed(0)} ms`],
      ['p99 from device report to badge', `${percentile(delays, 99).toFixed(0)} ms`, '< 2,000 ms'],
      ['slowest', `${delays.at(-1)!.toFixed(0)} ms`],
      ['first report to last badge', `${lastArrival.toFixed(0)} ms`],
      [
        'report → alarm row (ingest, engine) p50 / p99',
        stage((i) => alarms[i]!.pendingAt - epoch(published[i]!)),
      ],
      ['alarm row → fired (fire job) p50 / p99', stage((i) => alarms[i]!.firedAt - alarms[i]!.pendingAt)],
      ['fired → badge (message, socket) p50 / p99', stage((i) => epoch(arrivals[i]!) - alarms[i]!.firedAt)],
      ['load average (1 min) before → after', `${loadBefore} → ${loadAfter}`],
      ['setup (accounts, devices, sockets)', `${setupSeconds.toFixed(0)} s`],
    ],
  )
} finally {
  for (const socket of sockets) socket.terminate()
  await Promise.all(clients.map((client) => client.endAsync(true)))
  await server.stop()
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
}

/**
 * One device for the account: registered, connected, online with its management credential (as
 * the simulator's devices are), bound to the account's root project, whose alarm rules then turn
 * "WAN IP changed" on.
 */
async function deviceOf(session: Session): Promise<Device> {
  const mac = randomMac(profile)
  const identity = await api<{ thingName: string; deviceSecret: string }>(
    server.baseUrl,
    '/device/register',
    signedRegistration(profile, mac),
  )
  const client = await mqtt.connectAsync(server.mqttUrl, {
    protocolVersion: 4,
    clientId: identity.thingName,
    username: identity.thingName,
    password: identity.deviceSecret,
  })
  clients.push(client)
  await client.publishAsync(
    topics.status(identity.thingName),
    JSON.stringify({
      state: 'online',
      ts: Math.floor(Date.now() / 1000),
      model: profile.model,
      firmware: profile.firmware[0],
      // presence expires after three missed reports: none is missed during the bench
      telemetryInterval: 3600,
      credential: hashManagementCredential('admin', simulatedPassword(mac), CREDENTIAL_PARAMETERS),
    }),
    { qos: 1, retain: true },
  )
  const [tree] = await api<Array<{ gid: number }>>(
    server.baseUrl,
    '/backend/workgroup/all?tree=1',
    undefined,
    session.token,
  )
  await bind(server.baseUrl, session.token, mac, tree!.gid)
  await api(
    server.baseUrl,
    '/backend/device/alarm/set',
    { gid: tree!.gid, rules: WAN_IP_CHANGED },
    session.token,
  )
  return { thing: identity.thingName, client }
}

/** Polls the ingest's count until it reaches `count`; fails after `seconds`. */
async function untilReceived(received: () => Promise<number>, count: number, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000
  while ((await received()) < count) {
    if (Date.now() > deadline) throw new Error(`the first reports were not all taken in within ${seconds} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Each account's active alarms: how many, and the first one's times (epoch ms). */
async function alarmsOf(
  sessions: Session[],
): Promise<Array<{ total: number; pendingAt: number; firedAt: number }>> {
  const found: Array<{ total: number; pendingAt: number; firedAt: number }> = []
  for (let start = 0; start < sessions.length; start += PARALLEL) {
    const batch = await Promise.all(
      sessions.slice(start, start + PARALLEL).map(async (session) => {
        const { total, list } = await api<{
          total: number
          list: Array<{ pending_since: string; fired_at: string | null }>
        }>(
          server.baseUrl,
          '/backend/alarm/list',
          { state: 'active', pageIndex: 1, pageOffset: 10 },
          session.token,
        )
        const alarm = list[0]
        return {
          total,
          pendingAt: alarm ? Date.parse(alarm.pending_since) : Number.NaN,
          firedAt: alarm?.fired_at ? Date.parse(alarm.fired_at) : Number.NaN,
        }
      }),
    )
    found.push(...batch)
  }
  return found
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 1).join('')
}
