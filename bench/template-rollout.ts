// Issue 14's template figure: an automatic template on a project of N virtual devices (default
// 1,000; the target is 10,000 in < 30 s), then an edit of the template; the time from the edit
// until every device reports the new version in sync, through the real path (the rollout job →
// settings desired state → shadow deltas → devices apply and report → executions). The virtual
// devices apply at once (--apply-delay=0,0): the figure is the platform's own.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { type BenchFleet, startBenchFleet } from './fleet'
import { api, printTable, requireBuild, startServer } from './support'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000)
const MODEL = 'CAP-1200'
/** device states read per call (the route takes up to 10,000 ids) */
const STATES_PAGE = 2_000
const TIMEOUT_MS = 300_000

interface DeviceTemplateState {
  id: number
  mode: string
  sync: string | null
}

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-templates-'))
const server = await startServer(dataDir, { DEVICE_LIMIT: String(DEVICES * 2), LOG_LEVEL: 'error' })
let fleet: BenchFleet | undefined
try {
  fleet = await startBenchFleet(server, dataDir, {
    devices: DEVICES,
    seed: 14,
    models: [MODEL],
    flags: ['--apply-delay=0,0'],
  })
  const { token, ids } = fleet
  const call = <T>(name: string, body: unknown) =>
    api<T>(server.baseUrl, `/backend/device/${name}`, body, token)
  const [root] = await api<Array<{ gid: number }>>(
    server.baseUrl,
    '/backend/workgroup/all?tree=1',
    undefined,
    token,
  )
  const settings = (time: string) => ({ system: { timedReboot: { enabled: true, days: [1, 4], time } } })

  /** Waits until every device holds the template automatically and in sync: seconds taken. */
  async function allInSync(started: number): Promise<number> {
    for (;;) {
      let behind = 0
      for (let at = 0; at < ids.length; at += STATES_PAGE) {
        const states = await call<DeviceTemplateState[]>('tpl/states', {
          ids: ids.slice(at, at + STATES_PAGE),
        })
        behind += states.filter((state) => state.mode !== 'automatic' || state.sync !== 'in_sync').length
      }
      if (behind === 0) return (performance.now() - started) / 1000
      if (performance.now() - started > TIMEOUT_MS)
        throw new Error(`${behind} devices not in sync after 5 minutes`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  const { id } = await call<{ id: number }>('tpl/add', { name: 'BenchTemplate', settings: settings('03:00') })
  const setStarted = performance.now()
  await call('child/tpl/set', { tplId: id, gid: root!.gid, mode: 'automatic' })
  const firstRollout = await allInSync(setStarted)

  const editStarted = performance.now()
  await call('tpl/save', { id, name: 'BenchTemplate', settings: settings('04:30') })
  const answered = performance.now() - editStarted
  const editRollout = await allInSync(editStarted)
  const [one, five] = loadavg()

  printTable(`${DEVICES} virtual ${MODEL} on the embedded defaults (devices apply at once)`, [
    ['all connected / all bound', `${fleet.connectedAfter.toFixed(1)} s / ${fleet.bindSeconds.toFixed(1)} s`],
    ['project set automatic: all in sync after', `${firstRollout.toFixed(2)} s`],
    ['template edit answered after', `${answered.toFixed(0)} ms`],
    [`template edit: all ${DEVICES} in sync after`, `${editRollout.toFixed(2)} s`, '10,000 in < 30 s'],
    ['load average (1 / 5 min) at the end', `${one!.toFixed(2)} / ${five!.toFixed(2)}`],
  ])
} finally {
  await fleet?.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
