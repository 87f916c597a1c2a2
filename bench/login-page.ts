// What the login page downloads before its form is usable, as the server sends it: JS and CSS
// fetched through the server by Chromium with `Accept-Encoding: br, gzip`, measured by the
// browser (PerformanceResourceTiming: encodedBodySize is the body on the wire, transferSize adds
// the headers). Also the number of sequential request steps before the form renders (the page
// itself not counted), and the device list page's own chunk budget (apps/web/scripts/route-size.mjs).
// Targets: at most 300 KB, at most two steps. Each request is given a round trip of ROUND_TRIP_MS
// (a nearby server over the internet, not loopback), so a request that waited for another one
// starts after it ended, and requests asked for together overlap.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { printTable, requireBuild, root, startServer } from './support'

const ACCEPT_ENCODING = 'br, gzip'
const ROUND_TRIP_MS = 40

interface Fetched {
  path: string
  start: number
  end: number
  encodedBodySize: number
  transferSize: number
  decodedBodySize: number
}

/**
 * The request step of each download: 1 for what the page asks for at once, n + 1 for what could
 * only be asked for once something of step n had arrived (it started after that one ended).
 */
function requestSteps(fetched: readonly Fetched[]): Map<string, number> {
  const steps = new Map<string, number>()
  for (const item of [...fetched].sort((a, b) => a.start - b.start)) {
    const before = fetched.filter((other) => other !== item && other.end <= item.start)
    steps.set(item.path, 1 + Math.max(0, ...before.map((other) => steps.get(other.path) ?? 0)))
  }
  return steps
}

requireBuild({ console: true })
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-login-'))
const server = await startServer(dataDir)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})
try {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': ACCEPT_ENCODING } })
  const page = await context.newPage()
  // Chromium's own record of each request: when the page asked for it (before any queueing for a
  // connection) and when its last byte arrived; the steps are counted from these.
  const cdp = await context.newCDPSession(page)
  const asked = new Map<string, { path: string; at: number }>()
  const timing = new Map<string, { start: number; end: number }>()
  cdp.on('Network.requestWillBeSent', (event) => {
    asked.set(event.requestId, { path: new URL(event.request.url).pathname, at: event.timestamp * 1000 })
  })
  cdp.on('Network.loadingFinished', (event) => {
    const request = asked.get(event.requestId)
    if (request) timing.set(request.path, { start: request.at, end: event.timestamp * 1000 })
  })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: ROUND_TRIP_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  const encodings = new Map<string, string>()
  page.on('response', (response) => {
    encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? 'none')
  })
  // The moment the login form's button enters the page: it paints in the same frame. Work the
  // console defers until after that paint (the zod rules, the toaster) is not counted.
  await page.addInitScript(() => {
    const watcher = new MutationObserver(() => {
      if (!document.querySelector('form button[type="submit"]')) return
      ;(window as unknown as { usableAt: number }).usableAt = performance.now()
      watcher.disconnect()
    })
    watcher.observe(document, { childList: true, subtree: true })
  })
  await page.goto(`${server.baseUrl}/login`)
  await page.getByRole('button', { name: /log in/i }).waitFor()
  const fetched: Fetched[] = await page.evaluate(() => {
    const usableAt = (window as unknown as { usableAt: number }).usableAt
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime <= usableAt)
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        start: 0,
        end: 0,
        encodedBodySize: entry.encodedBodySize,
        transferSize: entry.transferSize,
        decodedBodySize: entry.decodedBodySize,
      }))
      .filter((entry) => /\.(js|css)$/.test(entry.path))
  })
  for (const item of fetched) Object.assign(item, timing.get(item.path))
  const steps = requestSteps(fetched)
  const rows = [...fetched].sort(
    (a, b) => (steps.get(a.path) ?? 0) - (steps.get(b.path) ?? 0) || a.start - b.start,
  )
  const sum = (pick: (item: Fetched) => number) => fetched.reduce((total, item) => total + pick(item), 0)
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const stepCount = Math.max(0, ...steps.values())
  printTable(
    `Login page: JS and CSS before the form is usable, as served (Accept-Encoding: ${ACCEPT_ENCODING})`,
    [
      ...rows.map((item): [string, string] => [
        `step ${steps.get(item.path)} ${item.path} (${encodings.get(item.path) ?? '?'}, ${kb(item.decodedBodySize)} raw)`,
        kb(item.encodedBodySize),
      ]),
      ['files', String(fetched.length)],
      ['body bytes as served', kb(sum((item) => item.encodedBodySize)), '≤ 300 KB'],
      ['with headers', kb(sum((item) => item.transferSize))],
      ['uncompressed', kb(sum((item) => item.decodedBodySize))],
      ['sequential request steps', String(stepCount), '≤ 2'],
    ],
  )
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

// The device list page's own budget: the chunks (and their CSS) it loads beyond what the entry
// already brought, as served (the build's brotli copies); then route-size.mjs's total for its
// whole first paint (entry, page and the largest catalogue, gzip).
const DEVICE_LIST_PAGE = 'src/features/devices/DeviceManagementPage.tsx'
const dist = path.join(root, 'apps/web/dist')
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const css of chunk.css ?? []) into.add(css)
  for (const imported of chunk.imports ?? []) staticClosure(imported, into)
  return into
}
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
if (!entryKey || !manifest[DEVICE_LIST_PAGE]) throw new Error('no entry or no device list chunk: build first')
const withEntry = staticClosure(entryKey)
const own = [...staticClosure(DEVICE_LIST_PAGE)].filter((file) => !withEntry.has(file)).sort()
const servedSize = (file: string) => {
  const brotli = path.join(dist, `${file}.br`)
  return statSync(existsSync(brotli) ? brotli : path.join(dist, file)).size
}
const ownRows = own.map((file): [string, string] => [file, `${(servedSize(file) / 1024).toFixed(1)} KB`])
const ownTotal = own.reduce((sum, file) => sum + servedSize(file), 0)
const firstPaint = execFileSync(
  process.execPath,
  [path.join(root, 'apps/web/scripts/route-size.mjs'), DEVICE_LIST_PAGE],
  {
    cwd: path.join(root, 'apps/web'),
    encoding: 'utf8',
  },
)
  .trim()
  .split('\n')
  .at(-1)
printTable('Device list page (/device/management): its own chunks beyond the entry, as served (br)', [
  ...ownRows,
  [`own chunks (${own.length} files)`, `${(ownTotal / 1024).toFixed(1)} KB`],
  ['whole first paint, gzip (route-size.mjs)', firstPaint?.match(/[\d.]+ KB/)?.[0] ?? '?'],
])
