// Devices downloading one 1 MB firmware image through HTTP with their signed links, as an upgrade
// campaign makes them: many at once, on the embedded defaults. Target: ≥ 200 MB/s served, the
// image read from the database once (the chunk cache's misses), no refusal. The clients are
// node:http keep-alive connections, one per device, in this process.
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildFirmwareImage } from '@canopy/shared/protocol'
import { catalogueEntries } from '@canopy/simulator'
import { operatorApi, printTable, requireBuild, rssOf, startServer } from './support'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64)
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const IMAGE_BYTES = 1024 * 1024
/** Distinct devices whose links the clients cycle through (each link is signed for one thing). */
const DEVICES = 1000

interface FirmwareMetrics {
  firmware: { cache: { misses: number; hits: number; bytes: number }; refusals: Record<string, number> }
}

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-firmware-'))
const server = await startServer(dataDir)
try {
  await operatorApi(server.baseUrl, dataDir, 'POST', '/operator/products/import', {
    products: catalogueEntries(),
  })
  const image = buildFirmwareImage({ model: 'CAP-1200', version: '9.9.9', size: IMAGE_BYTES })
  const form = new FormData()
  form.set('file', new Blob([image]), 'cap-1200-9.9.9.img')
  const token = readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim()
  const published = (await (
    await fetch(`${server.baseUrl}/api/operator/firmware/publish`, {
      method: 'POST',
      headers: { 'x-canopy-operator-token': token },
      body: form,
    })
  ).json()) as { status: number; data: { id: number } }
  if (published.status !== 10000) throw new Error(`publish: ${JSON.stringify(published)}`)

  const links: string[] = []
  for (let i = 0; i < DEVICES; i++) {
    const thing = `cnp-02${i.toString(16).padStart(10, '0')}`
    const { url } = await operatorApi<{ url: string }>(
      server.baseUrl,
      dataDir,
      'POST',
      '/operator/firmware/link',
      {
        id: published.data.id,
        thing,
      },
    )
    links.push(url)
  }
  // What devices check: the image they get is the one published.
  const first = Buffer.from(await (await fetch(links[0]!)).arrayBuffer())
  if (createHash('sha256').update(first).digest('hex') !== createHash('sha256').update(image).digest('hex'))
    throw new Error('the downloaded image differs from the published one')
  // A short warm-up, then the measured run: each client downloads whole images back to back,
  // walking the devices' links in turn.
  await download(links, CONNECTIONS, 2)
  const result = await download(links, CONNECTIONS, DURATION_SECONDS)
  const metrics = await operatorApi<FirmwareMetrics>(server.baseUrl, dataDir, 'GET', '/operator/metrics')
  const refused = Object.values(metrics.firmware.refusals).reduce((sum, n) => sum + n, 0)

  printTable(`GET /api/device/firmware/:id (1 MB image), ${CONNECTIONS} connections, ${DURATION_SECONDS} s`, [
    ['served: MB/s', (result.bytes / 1e6 / result.seconds).toFixed(0), '≥ 200'],
    ['downloads/s', (result.latencies.length / result.seconds).toFixed(0)],
    ['p99 latency of a whole image', `${percentile(result.latencies, 0.99).toFixed(1)} ms`],
    ['image chunks read from the database', String(metrics.firmware.cache.misses), '1'],
    ['server RSS', `${(rssOf(server.process.pid!) / 1024).toFixed(0)} MB`],
    ['non-2xx answers and refusals (must be 0)', String(result.failures + refused)],
  ])
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

/**
 * `clients` devices' HTTP stacks (node:http with keep-alive, one connection each) downloading
 * whole images back to back for `seconds`: bytes received, each download's time, failures.
 */
async function download(urls: string[], clients: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients })
  const latencies: number[] = []
  let bytes = 0
  let failures = 0
  const started = performance.now()
  const until = started + seconds * 1000
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client; performance.now() < until; i += clients) {
        const begun = performance.now()
        const received = await get(urls[i % urls.length]!, agent)
        if (received === IMAGE_BYTES) {
          bytes += received
          latencies.push(performance.now() - begun)
        } else failures++
      }
    }),
  )
  agent.destroy()
  return { bytes, latencies, failures, seconds: (performance.now() - started) / 1000 }
}

/** One GET: the bytes of a 200 answer, or -1. */
function get(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(url, { agent }, (response) => {
        let received = 0
        response.on('data', (piece: Buffer) => {
          received += piece.length
        })
        response.on('end', () => resolve(response.statusCode === 200 ? received : -1))
        response.on('error', () => resolve(-1))
      })
      .on('error', () => resolve(-1))
  })
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}
