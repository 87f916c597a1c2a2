// 10,000 virtual devices connected to one built server on the embedded defaults (PGlite, Aedes),
// reporting telemetry every 30 s. Meanwhile: the device list's p99 (target < 50 ms), and the
// server's memory per connected device.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type autocannon from 'autocannon'
import { type BenchFleet, startBenchFleet } from './fleet'
import { measureLatency, operatorApi, printTable, requireBuild, rssOf, startServer } from './support'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000)
const SEED = 42
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 75)

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-fleet-'))
const server = await startServer(dataDir, { DEVICE_LIMIT: String(DEVICES * 2), LOG_LEVEL: 'error' })
let fleet: BenchFleet | undefined
try {
  const rssBefore = rssOf(server.process.pid!)
  fleet = await startBenchFleet(server, dataDir, { devices: DEVICES, seed: SEED })
  const { token, connectedAfter, bindSeconds } = fleet
  const rssAfter = rssOf(server.process.pid!)
  // Binding 10,000 devices rewrites every row; the list is measured once the fleet has reported
  // for a while and the embedded autovacuum (every minute) has analyzed what binding changed.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000))

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
  // A fragment of a MAC that 15 of the fleet's devices contain.
  const searched = await measure(list({ pageIndex: 1, pageOffset: 10, keyword: 'D8:5' }))
  const metrics = await operatorApi<{ ingest: { received: number; invalid: number } }>(
    server.baseUrl,
    dataDir,
    'GET',
    '/operator/metrics',
  )

  printTable(`${DEVICES} virtual devices on the embedded defaults, telemetry every 30 s`, [
    ['all connected (registration + MQTT)', `${connectedAfter.toFixed(1)} s`],
    ['all bound through the bind call', `${bindSeconds.toFixed(1)} s`],
    ['list measured after the bound fleet reported for', `${SETTLE_SECONDS} s`],
    ['device list, first page: p99', `${firstPage.p99} ms`, '< 50 ms'],
    ['device list, filtered and sorted, page 3: p99', `${filtered.p99} ms`, '< 50 ms'],
    ['device list, MAC search: p99', `${searched.p99} ms`, '< 50 ms'],
    ['device list requests/s (8 connections)', firstPage.rps.toFixed(0)],
    ['server RSS per connected device', `${((rssAfter - rssBefore) / DEVICES).toFixed(1)} KB`],
    ['server RSS with the fleet', `${(rssAfter / 1024).toFixed(0)} MB`],
    ['telemetry messages received / invalid', `${metrics.ingest.received} / ${metrics.ingest.invalid}`],
    ['non-2xx list responses (must be 0)', String(firstPage.errors + filtered.errors + searched.errors)],
  ])
} finally {
  await fleet?.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

function measure(options: autocannon.Options) {
  return measureLatency(options, 8, SECONDS)
}
