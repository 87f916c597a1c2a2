// Issue 5's figures, with 1,000 virtual devices of one model connected to one built server on
// the embedded defaults: the settings round trip (console call → shadow delta → the device
// applies and reports → in sync visible through the API; target p50 < 200 ms) and a batch
// `setwifis` to all of them (target: all in sync within 10 s), with the per-device spread.
// The virtual devices apply at once (--apply-delay=0,0): the figures are the platform's own,
// not a radio's reconfiguration time.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type BenchFleet, startBenchFleet } from './fleet'
import { api, printTable, requireBuild, startServer } from './support'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000)
const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 200)
const MODEL = 'CAP-1200'

/** A whole radio, as the batch WiFi dialog sends it. */
const BENCH_RADIO = {
  enabled: true,
  ssid: 'Canopy-bench',
  hidden: false,
  channel: 6,
  bandwidth: '20',
  encryption: 'wpa2-psk',
  password: 'bench-pass-1',
  power: 100,
  beacon: 100,
  fragmentation: 2346,
  rts: 2347,
  shortGi: true,
  maxUsers: 32,
  isolation: false,
}

interface SettingsState {
  sections: Array<{ section: string; status: string; operation_id: number | null }>
}
interface Operation {
  created_at: string
  targets: Array<{ status: string; updated_at: string }>
}

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-settings-'))
const server = await startServer(dataDir, { DEVICE_LIMIT: String(DEVICES * 2), LOG_LEVEL: 'error' })
let fleet: BenchFleet | undefined
try {
  fleet = await startBenchFleet(server, dataDir, {
    devices: DEVICES,
    seed: 7,
    models: [MODEL],
    flags: ['--apply-delay=0,0'],
  })
  const { token, ids } = fleet
  const call = <T>(name: string, body: unknown) =>
    api<T>(server.baseUrl, `/backend/device/${name}`, body, token)

  // One device at a time: switch its LED and poll its settings until the system section is in sync.
  const roundTrips: number[] = []
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const id = ids[(i * 7919) % ids.length]!
    const started = performance.now()
    const { operation_id } = await call<{ operation_id: number }>('setsystem', {
      id,
      settings: { led: i % 2 === 0 },
    })
    for (;;) {
      const state = await call<SettingsState>('settings', { id })
      const system = state.sections.find((row) => row.section === 'system')
      if (system?.operation_id === operation_id && system.status === 'in_sync') break
      if (system?.status === 'failed') throw new Error(`device ${id} refused the setting`)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    roundTrips.push(performance.now() - started)
  }

  // The batch: one call for every device, then the operation's progress until all have settled.
  const batchStarted = performance.now()
  const { operation_id } = await call<{ operation_id: number }>('setwifis', {
    ids,
    settings: { '2g': BENCH_RADIO },
  })
  const accepted = performance.now() - batchStarted
  let operation: Operation
  for (;;) {
    operation = await api<Operation>(
      server.baseUrl,
      `/backend/device/operation?id=${operation_id}`,
      undefined,
      token,
    )
    if (operation.targets.every((target) => target.status === 'success' || target.status === 'failed')) break
    if (performance.now() - batchStarted > 120_000)
      throw new Error('the batch did not settle within 2 minutes')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const allInSync = performance.now() - batchStarted
  const created = Date.parse(operation.created_at)
  const settled = operation.targets
    .map((target) => Date.parse(target.updated_at) - created)
    .sort((a, b) => a - b)
  const failed = operation.targets.filter((target) => target.status === 'failed').length

  printTable(`${DEVICES} virtual ${MODEL} on the embedded defaults (devices apply at once)`, [
    ['all connected / all bound', `${fleet.connectedAfter.toFixed(1)} s / ${fleet.bindSeconds.toFixed(1)} s`],
    [
      `settings round trip, ${ROUND_TRIPS} changes: p50`,
      `${percentile(roundTrips, 50).toFixed(0)} ms`,
      '< 200 ms',
    ],
    ['settings round trip: p99', `${percentile(roundTrips, 99).toFixed(0)} ms`],
    ['setwifis call answered after', `${accepted.toFixed(0)} ms`],
    [`setwifis to ${DEVICES}: all in sync after`, `${(allInSync / 1000).toFixed(2)} s`, '< 10 s'],
    ['per device in sync: first / p50 / p99 / last', spread(settled)],
    ['devices failed (must be 0)', String(failed)],
  ])
} finally {
  await fleet?.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

function spread(sortedMs: number[]): string {
  const at = (p: number) => (percentile(sortedMs, p) / 1000).toFixed(2)
  return `${at(0)} / ${at(50)} / ${at(99)} / ${at(100)} s`
}
