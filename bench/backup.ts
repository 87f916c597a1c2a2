// Issue 14: back up N virtual devices (BENCH_DEVICES, 10,000 by default; target under 60 s) with
// ~10 KB running configurations through the real path — one backup call for the project, a
// config-backup job per device over MQTT, each configuration PUT to its signed link, sealed and
// filed — on one built server with the embedded defaults (PGlite, Aedes). It prints the time until
// every execution has settled, the bytes stored (the versions' sizes) and how much the data
// directory grew. BENCH_CONFIG_BYTES and BENCH_LIMIT_SECONDS change the run.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { type BenchFleet, startBenchFleet } from './fleet'
import { api, printTable, requireBuild, startServer } from './support'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000)
const CONFIG_BYTES = Number(process.env.BENCH_CONFIG_BYTES ?? 10 * 1024)
const LIMIT_SECONDS = Number(process.env.BENCH_LIMIT_SECONDS ?? 600)

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-backup-'))
const server = await startServer(dataDir, { DEVICE_LIMIT: String(DEVICES * 2), LOG_LEVEL: 'error' })
let fleet: BenchFleet | undefined
try {
  fleet = await startBenchFleet(server, dataDir, {
    devices: DEVICES,
    seed: 14,
    models: ['CAP-1200'],
    flags: [`--config-bytes=${CONFIG_BYTES}`, '--apply-delay=0,0'],
    timeoutSeconds: LIMIT_SECONDS,
  })
  await backUpAll(fleet)
} finally {
  await fleet?.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

async function backUpAll({ token, ids }: BenchFleet) {
  const [root] = await api<Array<{ gid: number }>>(
    server.baseUrl,
    '/backend/workgroup/all?tree=1',
    undefined,
    token,
  )
  const sizeBefore = directoryBytes(dataDir)
  const load = loadavg()[0]!
  const started = performance.now()
  const run = await api<{ operation_id: number; devices: number }>(
    server.baseUrl,
    '/backend/backup/create',
    { gid: root!.gid, note: 'bench' },
    token,
  )
  let settledAfter: number | undefined
  let progress: { result: string; summary: Record<string, number> } = { result: 'pending', summary: {} }
  let toldAt = started
  // Polled as the console's progress line polls it (PROGRESS_POLL_MS, 1 s): the counts and the
  // first failures (BatchProgressLine).
  while ((performance.now() - started) / 1000 < LIMIT_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    progress = await api(
      server.baseUrl,
      `/backend/device/operation?id=${run.operation_id}&status=failed&pageIndex=1&pageOffset=10`,
      undefined,
      token,
    )
    if (performance.now() - toldAt >= 10_000) {
      toldAt = performance.now()
      const counts = Object.entries(progress.summary).map(([status, count]) => `${status} ${count}`)
      console.warn(`${((toldAt - started) / 1000).toFixed(0).padStart(4)} s  ${counts.join(', ')}`)
    }
    if (progress.result !== 'pending') {
      settledAfter = (performance.now() - started) / 1000
      break
    }
  }
  const succeeded = progress.summary.success ?? 0
  let stored = 0
  for (const id of ids) {
    const { list } = await api<{ list: Array<{ size: number }> }>(
      server.baseUrl,
      '/backend/backup/list',
      { id },
      token,
    )
    stored += list[0]?.size ?? 0
  }
  const grew = directoryBytes(dataDir) - sizeBefore
  printTable(
    `${DEVICES.toLocaleString('en')} virtual devices, ~${CONFIG_BYTES.toLocaleString('en')}-byte configurations, one project backup`,
    [
      [
        'every device backed up (execution settled)',
        settledAfter === undefined ? `not within ${LIMIT_SECONDS} s` : `${settledAfter.toFixed(1)} s`,
        '< 60 s at 10,000',
      ],
      ['backed up / devices', `${succeeded} / ${run.devices}`],
      ['configurations stored (sum of sizes)', `${(stored / 1024 / 1024).toFixed(1)} MB`],
      ['data directory growth', `${(grew / 1024 / 1024).toFixed(1)} MB`],
      ['load average (1 min) at the start', load.toFixed(2)],
    ],
  )
}

/** Bytes under a directory (the embedded database's files). */
function directoryBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    total += entry.isDirectory() ? directoryBytes(full) : entry.isFile() ? statSync(full).size : 0
  }
  return total
}
