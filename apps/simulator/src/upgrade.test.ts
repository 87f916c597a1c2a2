import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildFirmwareImage, type StatusDetails } from '@canopy/shared/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { UpgradeChaos } from './chaos'
import { JobFailure, STAYS_IN_PROGRESS } from './jobs-client'
import { seededRandom } from './random'
import { ProgressReports, QUICK_UPGRADE_TIMINGS, upgradeHandler } from './upgrade'

const image = Buffer.from(buildFirmwareImage({ model: 'CAP-1200', version: '2.1.0', size: 1_000_000 }))
const sha256 = createHash('sha256').update(image).digest('hex')
const otherVersion = Buffer.from(buildFirmwareImage({ model: 'CAP-1200', version: '2.0.9', size: 1000 }))

/** What the image server saw: each request's Range header. */
let ranges: Array<string | undefined>
/** the next responses cut off after this many bytes (a broken connection), then served whole */
let cutAfter: number[]
let server: Server
let base: string

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = request.url === '/other' ? otherVersion : image
    ranges.push(request.headers.range)
    const etag = `"${createHash('sha256').update(body).digest('hex')}"`
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '')
    const start = range && request.headers['if-range'] === etag ? Number(range[1]) : 0
    const part = body.subarray(start)
    response.writeHead(start ? 206 : 200, {
      etag,
      'content-length': part.length,
      ...(start ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
    })
    const cut = cutAfter.shift()
    if (cut === undefined) return response.end(part)
    response.write(part.subarray(0, cut), () => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
beforeEach(() => {
  ranges = []
  cutAfter = []
})

function document(overrides: Record<string, unknown> = {}) {
  return {
    operation: 'upgrade',
    firmware: {
      model: 'CAP-1200',
      version: '2.1.0',
      url: `${base}/image`,
      size: image.length,
      sha256,
      ...overrides,
    },
  }
}

/** A device on 1.4.2 that records its reports, restarts and outages. */
function device(chaos: UpgradeChaos = {}) {
  const reports: StatusDetails[] = []
  const restarts: Array<string | undefined> = []
  const outages: number[] = []
  let firmware = '1.4.2'
  const handler = upgradeHandler({
    model: 'CAP-1200',
    firmware: () => firmware,
    random: seededRandom(7),
    chaos: () => chaos,
    timings: { ...QUICK_UPGRADE_TIMINGS, flashMs: [1, 2], outageMs: [1, 2] },
    log: () => {},
    restart: (_, version) => {
      restarts.push(version)
      if (version) firmware = version
    },
    networkOutage: async (ms) => {
      outages.push(ms)
    },
  })
  const run = (job: object, statusDetails: StatusDetails = {}) =>
    handler(job as never, async (details) => void reports.push(details), {
      statusDetails,
      signal: new AbortController().signal,
    })
  return { run, reports, restarts, outages, firmware: () => firmware }
}

const phases = (reports: StatusDetails[]) =>
  reports.map((report) => `${report.phase}${report.progress ?? ''}`)
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: JobFailure) => error,
  )

describe('the upgrade job on a virtual device', () => {
  it('downloads, reports each phase and every 10 %, flashes, reboots, and succeeds on the new firmware', async () => {
    const router = device()
    expect(await router.run(document())).toBe(STAYS_IN_PROGRESS)
    const progress = router.reports.flatMap((report) =>
      report.phase === 'downloading' ? [Number(report.progress)] : [],
    )
    // Every 10 % the chunks it reads cross (a chunk may carry it over two marks at once).
    expect(progress[0]).toBe(0)
    expect(progress.length).toBeGreaterThan(5)
    expect(
      progress.every((value, index) => value % 10 === 0 && (index === 0 || value > progress[index - 1]!)),
    ).toBe(true)
    expect(phases(router.reports.filter((report) => report.phase !== 'downloading'))).toEqual([
      'preparing',
      'downloaded100',
      'flashing',
      'rebooting',
    ])
    expect(router.reports.every((report) => report.attempt === '1')).toBe(true)
    expect(router.restarts).toEqual(['2.1.0'])
    // Back online, start-next gives the execution back: the new firmware runs, so it succeeded.
    expect(await router.run(document(), router.reports.at(-1))).toEqual({ firmware: '2.1.0' })
  })

  it('resumes a broken download with Range, as attempt 2', async () => {
    const router = device()
    cutAfter = [300_000]
    expect(await router.run(document())).toBe(STAYS_IN_PROGRESS)
    expect(ranges).toEqual([undefined, 'bytes=300000-'])
    expect(router.reports.find((report) => report.attempt === '2')).toMatchObject({ phase: 'downloading' })
    expect(router.restarts).toEqual(['2.1.0'])
  })

  it('gives up after a second broken attempt: download_failed', async () => {
    const router = device()
    cutAfter = [300_000, 100_000]
    const error = await failure(router.run(document()))
    expect(error).toBeInstanceOf(JobFailure)
    expect(error!.details).toMatchObject({ reason: 'download_failed' })
    expect(router.restarts).toEqual([])
  })

  it('fails download_failed on an HTTP refusal (an expired link), after one more try', async () => {
    const router = device()
    const error = await failure(router.run(document({ url: `${base.replace(/:\d+$/, ':1')}/image` })))
    expect(error!.details).toMatchObject({ reason: 'download_failed' })
  })

  it('checks the sha256: checksum_mismatch, nothing flashed', async () => {
    const router = device()
    const error = await failure(router.run(document({ sha256: 'b'.repeat(64) })))
    expect(error!.details).toMatchObject({ reason: 'checksum_mismatch' })
    expect(phases(router.reports)).not.toContain('flashing')
  })

  it('checks the size it was told', async () => {
    const router = device()
    const error = await failure(router.run(document({ size: image.length - 10 })))
    expect(error!.details).toMatchObject({ reason: 'download_failed' })
  })

  it('refuses another model before downloading, and an image whose header names another version', async () => {
    const router = device()
    expect((await failure(router.run(document({ model: 'CAP-3000' }))))!.details).toMatchObject({
      reason: 'model_mismatch',
    })
    expect(ranges).toEqual([])
    const other = createHash('sha256').update(otherVersion).digest('hex')
    const error = await failure(
      router.run(document({ url: `${base}/other`, size: otherVersion.length, sha256: other })),
    )
    expect(error!.details).toMatchObject({ reason: 'refused', message: 'the image holds 2.0.9, not 2.1.0' })
  })

  it('rejects a document it cannot read', async () => {
    const error = await failure(device().run({ operation: 'upgrade', firmware: { model: 'CAP-1200' } }))
    expect(error).toMatchObject({ status: 'REJECTED', details: { reason: 'refused' } })
  })

  it('succeeds at once when it already runs the version', async () => {
    const router = device()
    expect(await router.run(document({ version: '1.4.2' }))).toEqual({ firmware: '1.4.2' })
    expect(ranges).toEqual([])
  })

  it('starts the download over after a restart mid-download (its memory is gone), as the next attempt', async () => {
    const router = device()
    expect(await router.run(document(), { phase: 'downloading', progress: '40', attempt: '1' })).toBe(
      STAYS_IN_PROGRESS,
    )
    expect(ranges).toEqual([undefined])
    expect(router.reports[0]).toEqual({ phase: 'preparing', attempt: '2' })
  })

  describe('with chaos', () => {
    it('bad checksum: a flipped byte fails the check', async () => {
      const error = await failure(device({ 'bad-checksum': 1 }).run(document()))
      expect(error!.details).toMatchObject({ reason: 'checksum_mismatch' })
    })

    it('download failure: both attempts break, the second resuming where the first broke', async () => {
      const error = await failure(device({ 'download-failure': 1 }).run(document()))
      expect(error!.details).toMatchObject({ reason: 'download_failed' })
      expect(ranges).toEqual([undefined, `bytes=${image.length / 2}-`])
    })

    it('offline mid-download: off the network a while, then the download resumes and succeeds', async () => {
      const router = device({ offline: 1 })
      expect(await router.run(document())).toBe(STAYS_IN_PROGRESS)
      expect(router.outages).toHaveLength(1)
      expect(ranges).toHaveLength(2)
      expect(ranges[1]).toMatch(/^bytes=\d+-$/)
      expect(router.restarts).toEqual(['2.1.0'])
    })

    it('power loss mid-flash: back on the old firmware, it reports flash_failed and never success', async () => {
      const router = device({ 'power-loss': 1 })
      expect(await router.run(document())).toBe(STAYS_IN_PROGRESS)
      expect(router.restarts).toEqual([undefined])
      expect(router.firmware()).toBe('1.4.2')
      expect(router.reports.at(-1)).toMatchObject({ phase: 'flashing' })
      const error = await failure(router.run(document(), router.reports.at(-1)))
      expect(error!.details).toMatchObject({ reason: 'flash_failed' })
    })
  })
})

describe('download progress reports', () => {
  /** A report the test answers when it wants: the cloud, busy or not. */
  function slowCloud() {
    const told: number[] = []
    const answers: Array<(error?: Error) => void> = []
    const reports = new ProgressReports(
      (percent) =>
        new Promise<void>((resolve, reject) => {
          told.push(percent)
          answers.push((error) => (error ? reject(error) : resolve()))
        }),
    )
    const answer = async (error?: Error) => {
      answers.shift()!(error)
      await new Promise((resolve) => setImmediate(resolve))
    }
    return { told, reports, answer, out: () => answers.length }
  }

  it('keeps one report out at a time, then tells only the latest progress', async () => {
    const cloud = slowCloud()
    cloud.reports.reached(10)
    cloud.reports.reached(20)
    cloud.reports.reached(30)
    expect(cloud.told).toEqual([10])
    expect(cloud.out()).toBe(1)
    await cloud.answer()
    expect(cloud.told).toEqual([10, 30])
    cloud.reports.reached(100)
    await cloud.answer()
    await cloud.reports.settled()
    expect(cloud.told).toEqual([10, 30])
    expect(cloud.reports.told).toBe(30)
  })

  it('keeps a refused report for settled(), and tells nothing after it', async () => {
    const cloud = slowCloud()
    cloud.reports.reached(10)
    await cloud.answer(new Error('update refused'))
    cloud.reports.reached(50)
    expect(cloud.told).toEqual([10])
    await expect(cloud.reports.settled()).rejects.toThrow('update refused')
  })
})
