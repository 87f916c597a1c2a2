// 10,000 virtual devices connected to one built server on the embedded defaults (PGlite, Aedes),
// reporting telemetry every 30 s. Meanwhile: the device list's p99 (target < 50 ms), and the
// server's memory per connected device.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fleetMacs, PROFILES, simulatedPassword } from '@canopy/simulator'
import autocannon from 'autocannon'
import { api, operatorApi, printTable, requireBuild, root, rssOf, startServer } from './support'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000)
const SEED = 42
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-fleet-'))
const server = await startServer(dataDir, { DEVICE_LIMIT: String(DEVICES * 2), LOG_LEVEL: 'error' })
const fleet = { process: undefined as ReturnType<typeof spawn> | undefined }
try {
  await operatorApi(server.baseUrl, dataDir, 'POST', '/operator/products/import', {
    products: (await import('@canopy/simulator')).catalogueEntries(),
  })
  const owner = { username: 'fleet_owner', password: 'bench1234', confirm_password: 'bench1234' }
  await api(server.baseUrl, '/backend/user/register', {
    ...owner,
    email: 'fleet@bench.test',
    agreement: true,
  })
  const { access_token: token } = await api<{ access_token: string }>(
    server.baseUrl,
    '/backend/auth/token',
    owner,
  )
  const [tree] = await api<Array<{ gid: number }>>(
    server.baseUrl,
    '/backend/workgroup/all?tree=1',
    undefined,
    token,
  )

  const rssBefore = rssOf(server.process.pid!)
  const started = performance.now()
  fleet.process = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'apps/simulator/src/cli.ts'),
      `--devices=${DEVICES}`,
      `--server=${server.baseUrl}`,
      `--mqtt=${server.mqttUrl}`,
      '--interval=30',
      `--seed=${SEED}`,
      '--failure-rate=0',
      '--reboots-per-hour=0',
      '--drops-per-hour=0',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  await new Promise<void>((resolve, reject) => {
    fleet.process!.stderr!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('virtual devices online')) resolve()
    })
    fleet.process!.once('exit', (code) => reject(new Error(`the fleet exited (${code})`)))
  })
  const connectedAfter = (performance.now() - started) / 1000

  // Bind them all, as the bind dialog would, sixteen at a time.
  const macs = fleetMacs(DEVICES, PROFILES, SEED).map((entry) => entry.mac)
  const bindStarted = performance.now()
  for (let start = 0; start < macs.length; start += 16) {
    await Promise.all(
      macs
        .slice(start, start + 16)
        .map((mac) =>
          api(
            server.baseUrl,
            '/backend/device/bind',
            { mac, username: 'admin', password: simulatedPassword(mac), gid: tree!.gid },
            token,
          ),
        ),
    )
  }
  const bindSeconds = (performance.now() - bindStarted) / 1000
  const rssAfter = rssOf(server.process.pid!)

  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const list = (body: unknown) => ({
    url: `${server.baseUrl}/api/backend/device/list`,
    method: 'POST' as const,
    headers,
    body: JSON.stringify(body),
  })
  const firstPage = await measure(list({ pageIndex: 1, pageOffset: 10 }))
  const filtered = await measure(
    list({ pageIndex: 3, pageOffset: 20, status: 'online', type: 'ap', sort: 'clients', order: 'desc' }),
  )
  const searched = await measure(list({ pageIndex: 1, pageOffset: 10, keyword: '0A:1' }))
  const metrics = await operatorApi<{ ingest: { received: number; invalid: number } }>(
    server.baseUrl,
    dataDir,
    'GET',
    '/operator/metrics',
  )

  printTable(`${DEVICES} virtual devices on the embedded defaults, telemetry every 30 s`, [
    ['all connected (registration + MQTT)', `${connectedAfter.toFixed(1)} s`],
    ['all bound through the bind call', `${bindSeconds.toFixed(1)} s`],
    ['device list, first page: p99', `${firstPage.p99} ms`, '< 50 ms'],
    ['device list, filtered and sorted, page 3: p99', `${filtered.p99} ms`, '< 50 ms'],
    ['device list, MAC search: p99', `${searched.p99} ms`, '< 50 ms'],
    ['device list requests/s (8 connections)', firstPage.rps.toFixed(0)],
    ['server RSS per connected device', `${(((rssAfter - rssBefore) * 1024) / DEVICES).toFixed(1)} KB`],
    ['server RSS with the fleet', `${(rssAfter / 1024).toFixed(0)} MB`],
    ['telemetry messages received / invalid', `${metrics.ingest.received} / ${metrics.ingest.invalid}`],
    ['non-2xx list responses (must be 0)', String(firstPage.errors + filtered.errors + searched.errors)],
  ])
} finally {
  fleet.process?.kill('SIGTERM')
  if (fleet.process && fleet.process.exitCode === null)
    await new Promise((resolve) => fleet.process!.once('exit', resolve))
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

async function measure(options: autocannon.Options) {
  await autocannon({ ...options, connections: 8, duration: 2 })
  const result = await autocannon({ ...options, connections: 8, duration: SECONDS })
  return { p99: result.latency.p99, rps: result.requests.average, errors: result.non2xx + result.errors }
}
