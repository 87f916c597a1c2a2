// Issue 13's campaign: 10,000 virtual devices of one model on one built server with the embedded
// defaults (PGlite, Aedes). A 1 MB image is uploaded through HTTP, one immediate order for all of
// them is created through HTTP (no rate limit, no canary), and the bench times until every device
// reports the new version (target < 5 min). Meanwhile it samples the server's RSS, CPU and the
// bytes it writes to its sockets (the images, mostly: the image throughput, target ≥ 200 MB/s),
// and measures the device list's p99 through HTTP (target < 100 ms).
// The virtual devices flash and reboot quickly (--upgrade-timings=quick): the figures are the
// platform's, not a flash chip's. When the fleet is not all online within BENCH_FLEET_SECONDS
// (600), the machine could not take it: the bench prints what the server had reached and why.
// BENCH_DEVICES, BENCH_IMAGE_BYTES, BENCH_LIMIT_SECONDS, BENCH_LIST_SECONDS change the run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { ErrorCode } from '@canopy/shared/errors'
import { buildFirmwareImage } from '@canopy/shared/protocol'
import { type BenchFleet, FleetTimeout, startBenchFleet } from './fleet'
import {
  api,
  cpuSecondsOf,
  measureLatency,
  operatorApi,
  printTable,
  requireBuild,
  rssOf,
  startServer,
} from './support'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000)
const IMAGE_BYTES = Number(process.env.BENCH_IMAGE_BYTES ?? 1024 * 1024)
const LIMIT_SECONDS = Number(process.env.BENCH_LIMIT_SECONDS ?? 600)
const LIST_SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 20)
const FLEET_SECONDS = Number(process.env.BENCH_FLEET_SECONDS ?? 600)
const MODEL = 'CAP-1200'
/** the server's device messages taken so far, when last asked (BENCH_PHASES) */
let lastAdmitted = { at: performance.now(), admitted: 0 }
const VERSION = '9.9.9'

interface OrderCounts {
  waiting: number
  upgrading: number
  success: number
  failed: number
}

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-upgrade-'))
const server = await startServer(dataDir, { DEVICE_LIMIT: String(DEVICES * 2), LOG_LEVEL: 'error' })
const pid = server.process.pid!
let fleet: BenchFleet | undefined
try {
  const fleetStarted = performance.now()
  try {
    fleet = await startBenchFleet(server, dataDir, {
      devices: DEVICES,
      seed: 13,
      models: [MODEL],
      flags: ['--upgrade-timings=quick', '--apply-delay=0,0'],
      timeoutSeconds: FLEET_SECONDS,
    })
  } catch (error) {
    // Not all online in time, or online without the server having filed what they said.
    const bindRefused = (error as Error).message.includes(String(ErrorCode.BIND_ERROR))
    if (!(error instanceof FleetTimeout) && !bindRefused) throw error
    await reportNotReached(
      error instanceof FleetTimeout
        ? `not all online within ${error.seconds} s`
        : 'online, but the server refused to bind a device: it never filed the status carrying its credential',
    )
  }
  if (fleet) await campaign(fleet, fleetStarted)
} finally {
  await fleet?.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

/** Uploads the image, creates the order, and watches it until every device has the new version. */
async function campaign(fleet: BenchFleet, fleetStarted: number) {
  const { token } = fleet
  console.warn(
    `${DEVICES} devices online and bound in ${((performance.now() - fleetStarted) / 1000).toFixed(0)} s`,
  )

  const image = buildFirmwareImage({ model: MODEL, version: VERSION, size: IMAGE_BYTES })
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(image)]), `${MODEL}-${VERSION}.bin`)
  const uploaded = await fetch(`${server.baseUrl}/api/backend/firmware/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const upload = (await uploaded.json()) as { status: number; data: { id: number } }
  if (upload.status !== 10000) throw new Error(`upload: ${JSON.stringify(upload)}`)

  // As an operator would, once the device list shows every device online (a device's status may
  // still wait in the server's lane after the fleet says it is connected; the order refuses one
  // offline, §5).
  await allOnlineOnServer(token)
  const samples = startSampling(pid)
  const started = performance.now()
  const order = await api<{ id: number }>(
    server.baseUrl,
    '/backend/upgrade/create',
    { deviceIds: fleet.ids, packageId: upload.data.id, timing: 'immediate' },
    token,
  )
  const orderAccepted = (performance.now() - started) / 1000

  // The device list, as an operator watching the campaign would call it.
  const listing = measureLatency(
    {
      url: `${server.baseUrl}/api/backend/device/list`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageIndex: 1, pageOffset: 10 }),
    },
    4,
    LIST_SECONDS,
  )

  let counts: OrderCounts = { waiting: DEVICES, upgrading: 0, success: 0, failed: 0 }
  let finishedAfter: number | undefined
  const progress = startProgress(fleet.pid)
  while ((performance.now() - started) / 1000 < LIMIT_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    counts = await orderCounts(token, order.id)
    if (progress.tell(counts) && process.env.BENCH_PHASES)
      console.warn(`        ${await phases(token, order.id)}; ${await admission()}`)
    if (counts.success + counts.failed >= DEVICES) {
      finishedAfter = (performance.now() - started) / 1000
      break
    }
  }
  const list = await listing
  const usage = samples.stop()
  const reasons = counts.failed > 0 ? await failureReasons(token, order.id) : 'none'

  printTable(
    `${DEVICES.toLocaleString('en')} virtual devices, one ${IMAGE_BYTES.toLocaleString('en')}-byte image, one order`,
    [
      ['order created (HTTP answer)', `${orderAccepted.toFixed(1)} s`],
      [
        'all report the new version',
        finishedAfter === undefined ? `not within ${LIMIT_SECONDS} s` : `${finishedAfter.toFixed(0)} s`,
        '< 300 s',
      ],
      [
        'upgraded / failed / still waiting or upgrading',
        `${counts.success} / ${counts.failed} / ${counts.waiting + counts.upgrading}`,
      ],
      ['failures by reason', reasons],
      ['server RSS, peak', `${(usage.peakRssKb / 1024).toFixed(0)} MB`],
      ['server CPU, mean over the campaign', `${usage.meanCpu.toFixed(0)} % of a core`],
      ['server socket writes (images), peak second', `${usage.peakWriteMBps.toFixed(0)} MB/s`, '≥ 200 MB/s'],
      ['server socket writes, mean while downloads ran', `${usage.meanWriteMBps.toFixed(0)} MB/s`],
      [
        `device list during the campaign: p99 (4 connections, ${LIST_SECONDS} s)`,
        `${list.p99} ms`,
        '< 100 ms',
      ],
      ['device list requests/s, non-2xx (must be 0)', `${list.rps.toFixed(0)}, ${list.errors}`],
    ],
  )
}

/** Waits until the server lists all DEVICES online (at most BENCH_FLEET_SECONDS). */
async function allOnlineOnServer(token: string) {
  const deadline = performance.now() + FLEET_SECONDS * 1000
  for (;;) {
    const { total } = await api<{ total: number }>(
      server.baseUrl,
      '/backend/device/list',
      { pageIndex: 1, pageOffset: 1, status: 'online' },
      token,
    )
    if (total >= DEVICES) return
    if (performance.now() > deadline) throw new Error(`only ${total} of ${DEVICES} online on the server`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/** What was reached when the fleet could not come online, and why: the server's admission queue. */
async function reportNotReached(what: string) {
  const metrics = await operatorApi<{
    ingest: { received: number }
    devices: {
      admission: { admitted: number; queued: number; peakQueued: number }
      refusals: Record<string, { overloaded: number }>
    }
  }>(server.baseUrl, dataDir, 'GET', '/operator/metrics')
  const overloaded = Object.values(metrics.devices.refusals).reduce((sum, kind) => sum + kind.overloaded, 0)
  printTable(`${DEVICES.toLocaleString('en')} virtual devices: not reached on this machine`, [
    ['fleet all online and bound', what],
    ['device messages admitted by the server', String(metrics.devices.admission.admitted)],
    ['refused as overloaded (the server’s queue full)', String(overloaded)],
    [
      'server message queue now / peak',
      `${metrics.devices.admission.queued} / ${metrics.devices.admission.peakQueued}`,
    ],
    ['server RSS', `${(rssOf(pid) / 1024).toFixed(0)} MB`],
    ['machine load average (1 min, 2 cores shared)', loadavg()[0]!.toFixed(1)],
  ])
  console.log(
    '\nWhy: the server could not file the devices’ messages as fast as they came (its queue full,\n' +
      'the rest refused as overloaded; statuses wait in their own lane), so the fleet was not online and bound in time.\nRun with fewer devices:\n' +
      'BENCH_DEVICES=2000 npm run bench -- upgrade-campaign',
  )
}

/** How many devices failed for each reason, e.g. "old_version 3, timeout 1". */
async function failureReasons(token: string, id: number): Promise<string> {
  const info = await api<{ devices: Array<{ upgrade_result: string; reason: string | null }> }>(
    server.baseUrl,
    '/backend/upgrade/info',
    { id },
    token,
  )
  const tally = new Map<string, number>()
  for (const device of info.devices.filter((entry) => entry.upgrade_result === 'failed'))
    tally.set(device.reason ?? 'none', (tally.get(device.reason ?? 'none') ?? 0) + 1)
  return [...tally].map(([reason, count]) => `${reason} ${count}`).join(', ')
}

async function orderCounts(token: string, id: number): Promise<OrderCounts> {
  const page = await api<{ list: Array<{ id: number; counts: OrderCounts }> }>(
    server.baseUrl,
    '/backend/upgrade/list',
    { pageIndex: 1, pageOffset: 10 },
    token,
  )
  const order = page.list.find((candidate) => candidate.id === id)
  if (!order) throw new Error(`order ${id} is not in the list`)
  return order.counts
}

/**
 * Every 10 s on stderr: where the order is and how busy the server and the fleet were since the
 * last line (both share the machine's cores, so a busy fleet slows the server and the reverse).
 */
function startProgress(fleetPid: number) {
  const started = performance.now()
  let last = { at: started, server: cpuSecondsOf(pid), fleet: cpuSecondsOf(fleetPid) }
  return {
    /** Tells when 10 s have passed since the last line; true when it did. */
    tell(counts: OrderCounts): boolean {
      const now = { at: performance.now(), server: cpuSecondsOf(pid), fleet: cpuSecondsOf(fleetPid) }
      const seconds = (now.at - last.at) / 1000
      if (seconds < 10) return false
      const share = (cpu: number) => `${((cpu / seconds) * 100).toFixed(0)} %`
      console.warn(
        `${((now.at - started) / 1000).toFixed(0).padStart(4)} s  waiting ${counts.waiting}, upgrading ${counts.upgrading}, ` +
          `upgraded ${counts.success}, failed ${counts.failed}; CPU server ${share(now.server - last.server)}, ` +
          `fleet ${share(now.fleet - last.fleet)}`,
      )
      last = now
      return true
    },
  }
}

/** The server's device-message queue: waiting now, taken a second since the last call, refused so far. */
async function admission(): Promise<string> {
  const metrics = await operatorApi<{
    devices: {
      admission: { queued: number; admitted: number }
      refusals: Record<string, Record<string, number>>
    }
  }>(server.baseUrl, dataDir, 'GET', '/operator/metrics')
  const { queued, admitted } = metrics.devices.admission
  const now = { at: performance.now(), admitted }
  const rate = ((now.admitted - lastAdmitted.admitted) / (now.at - lastAdmitted.at)) * 1000
  lastAdmitted = now
  const refused = Object.entries(metrics.devices.refusals).flatMap(([kind, reasons]) =>
    Object.entries(reasons)
      .filter(([, count]) => count > 0)
      .map(([reason, count]) => `${kind} ${reason} ${count}`),
  )
  return `messages: ${queued} waiting, ${rate.toFixed(0)}/s taken; refused: ${refused.join(', ') || 'none'}`
}

/** BENCH_PHASES: how many devices are in each phase, e.g. "sent 10, downloading 40 (at 30 % or more 12)". */
async function phases(token: string, id: number): Promise<string> {
  const info = await api<{
    devices: Array<{
      upgrade_result: string
      command_result: string
      download: string | null
      progress: number | null
    }>
  }>(server.baseUrl, '/backend/upgrade/info', { id }, token)
  const tally = new Map<string, number>()
  for (const device of info.devices) {
    const phase =
      device.upgrade_result === 'upgrading'
        ? (device.download ?? device.command_result)
        : device.upgrade_result
    const key = phase === 'downloading' && (device.progress ?? 0) >= 50 ? 'downloading ≥ 50 %' : phase
    tally.set(key, (tally.get(key) ?? 0) + 1)
  }
  return [...tally].map(([phase, count]) => `${phase} ${count}`).join(', ')
}

/**
 * Every second: the server's RSS, its CPU ticks and the bytes it wrote through syscalls (sockets
 * included: with thousands of images going out, they are nearly all image bytes).
 */
function startSampling(pid: number) {
  const ticksPerSecond = 100
  const read = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    const written = Number(/wchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0)
    return { at: performance.now(), ticks, written }
  }
  const first = read()
  let last = first
  let peakRssKb = rssOf(pid)
  let peakWriteMBps = 0
  /** seconds in which at least 10 MB went out (the downloads' window) and what went out in them */
  let busySeconds = 0
  let busyBytes = 0
  const timer = setInterval(() => {
    const now = read()
    const seconds = (now.at - last.at) / 1000
    const bytes = now.written - last.written
    peakWriteMBps = Math.max(peakWriteMBps, bytes / seconds / 1e6)
    if (bytes > 10e6) {
      busySeconds += seconds
      busyBytes += bytes
    }
    peakRssKb = Math.max(peakRssKb, rssOf(pid))
    last = now
  }, 1000)
  return {
    stop() {
      clearInterval(timer)
      const end = read()
      return {
        peakRssKb,
        meanCpu: ((end.ticks - first.ticks) / ticksPerSecond / ((end.at - first.at) / 1000)) * 100,
        peakWriteMBps,
        meanWriteMBps: busySeconds > 0 ? busyBytes / busySeconds / 1e6 : 0,
      }
    },
  }
}
