// Issue 14's diff figure: two ~10 KB configurations of one device compared in the console, in
// Chromium, through the real path — the device detail's Backups tab, "Compare versions", the
// console's call to backup/diff over HTTP, the side-by-side view rendered. Each measure runs from
// the click that sends the request until the dialog's table holds its rows and a frame has been
// painted (a MutationObserver in the page, then requestAnimationFrame). Target: under 100 ms.
// BENCH_ITERATIONS (default 30) measures after 5 not counted; BENCH_CONFIG_BYTES the size.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { type BenchFleet, startBenchFleet } from './fleet'
import { api, printTable, requireBuild, startServer } from './support'

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30)
const WARM_UP = 5
const CONFIG_BYTES = Number(process.env.BENCH_CONFIG_BYTES ?? 10 * 1024)
/** the owner startBenchFleet registers */
const OWNER = { username: 'fleet_owner', password: 'bench1234' }

/**
 * Run in the page (a string: the bench's TypeScript transform would add helpers the page lacks).
 * Clicks "Compare versions" and resolves, once the diff's rows are in the dialog and the frame
 * showing them is painted, with the milliseconds since the click and the request's own duration.
 */
const MEASURE_IN_PAGE = `(() => {
  performance.clearResourceTimings()
  const button = Array.from(document.querySelectorAll('button')).find((candidate) =>
    candidate.textContent.includes('Compare versions'))
  if (!button) throw new Error('no "Compare versions" button')
  const done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('.ant-modal table tbody tr') === null) return
      observer.disconnect()
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  const started = performance.now()
  button.click()
  return done.then((ended) => {
    const request = performance.getEntriesByType('resource')
      .find((entry) => entry.name.includes('backend/backup/diff'))
    return { total: ended - started, request: request ? request.duration : NaN }
  })
})()`

interface BackupList {
  list: Array<{ id: number; version: number; size: number }>
}

requireBuild({ console: true })
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-diff-'))
const server = await startServer(dataDir, { LOG_LEVEL: 'error' })
let fleet: BenchFleet | undefined
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
})
try {
  fleet = await startBenchFleet(server, dataDir, {
    devices: 1,
    seed: 14,
    models: ['CAP-1200'],
    flags: [`--config-bytes=${CONFIG_BYTES}`, '--apply-delay=0,0'],
  })
  const [id] = fleet.ids as [number]
  const call = <T>(pathName: string, body: unknown) => api<T>(server.baseUrl, pathName, body, fleet!.token)
  const [first, second] = await twoVersions(call, id)

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
  await page.goto(`${server.baseUrl}/login`)
  await page.getByLabel('Account', { exact: true }).fill(OWNER.username)
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(/\/home\/main$/)
  await page.goto(`${server.baseUrl}/device/detail?id=${id}&tab=backups`)
  await page.getByRole('checkbox', { name: 'Version 1' }).check()
  await page.getByRole('checkbox', { name: 'Version 2' }).check()

  const rendered: number[] = []
  const requested: number[] = []
  for (let at = 0; at < WARM_UP + ITERATIONS; at++) {
    const measure = (await page.evaluate(MEASURE_IN_PAGE)) as { total: number; request: number }
    if (at >= WARM_UP) {
      rendered.push(measure.total)
      requested.push(measure.request)
    }
    await page.keyboard.press('Escape')
    await page.locator('.ant-modal table').waitFor({ state: 'detached' })
  }
  const [one, five] = loadavg()
  printTable(
    `Diff of two configurations (${first.size.toLocaleString('en')} and ${second.size.toLocaleString('en')} bytes) in Chromium, ${ITERATIONS} times`,
    [
      ['click to diff painted, p50', `${percentile(rendered, 50).toFixed(1)} ms`],
      ['click to diff painted, p99', `${percentile(rendered, 99).toFixed(1)} ms`, '< 100 ms'],
      ['of which the backup/diff request, p50', `${percentile(requested, 50).toFixed(1)} ms`],
      ['load average (1 / 5 min) at the end', `${one!.toFixed(2)} / ${five!.toFixed(2)}`],
    ],
  )
} finally {
  await browser.close()
  await fleet?.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

/**
 * Two versions of the device's configuration that differ: a backup, the LED switched through the
 * settings (the device applies it at once), another backup; the newest is listed first.
 */
async function twoVersions(
  call: <T>(pathName: string, body: unknown) => Promise<T>,
  id: number,
): Promise<[BackupList['list'][number], BackupList['list'][number]]> {
  const backUp = async (count: number) => {
    await call('/backend/backup/create', { ids: [id] })
    for (let tries = 0; tries < 300; tries++) {
      const { list } = await call<BackupList>('/backend/backup/list', { id })
      if (list.length === count) return list
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`backup ${count} not stored within 30 s`)
  }
  const [first] = await backUp(1)
  // The LED the other way from what the device reports, then wait until it reports the change.
  const led = async () =>
    (await call<{ reported: { system?: { led?: boolean } } }>('/backend/device/settings', { id })).reported
      .system?.led
  const was = await led()
  await call('/backend/device/setleds', { ids: [id], led: !was })
  for (let tries = 0; (await led()) === was; tries++) {
    if (tries > 300) throw new Error('the device did not apply the LED change within 30 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const [second] = await backUp(2)
  const diff = await call<{ changes: unknown[] }>('/backend/backup/diff', { from: first!.id, to: second!.id })
  if (diff.changes.length === 0) throw new Error('the two versions do not differ')
  return [first!, second!]
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
