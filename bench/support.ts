import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { freePort, waitUntilAnswering } from '../apps/server/test/ports'

export { freePort }

export const root = path.resolve(import.meta.dirname, '..')
export const serverEntry = path.join(root, 'apps/server/dist/main.js')

export function requireBuild(parts: { console: boolean } = { console: false }): void {
  const consoleMissing = parts.console && !existsSync(path.join(root, 'apps/web/dist/index.html'))
  if (!existsSync(serverEntry) || consoleMissing) {
    console.error('Build first: npm run build')
    process.exit(1)
  }
}
export interface RunningServer {
  baseUrl: string
  process: ChildProcess
  /** milliseconds from spawn until the first successful request */
  readyAfterMs: number
  mqttUrl: string
  stop(): Promise<void>
}

/** Starts the built server on the embedded defaults and waits until it answers. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const mqttPort = await freePort()
  const started = performance.now()
  // BENCH_SERVER_FLAGS: node flags for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...flags, serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      MQTT_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The fleets bind thousands of devices from one account and one address.
      RATE_LIMIT_BIND_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // Polled often: the startup bench reports readyAfterMs.
  await waitUntilAnswering(`${baseUrl}/api/backend/common/countrycodes`, child, { pollMs: 10 })
  return {
    baseUrl,
    process: child,
    readyAfterMs: performance.now() - started,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    stop: async () => {
      child.kill('SIGTERM')
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

export async function api<T>(baseUrl: string, pathName: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${pathName}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await response.json()) as { status: number; data: T }
  if (envelope.status !== 10000) throw new Error(`${pathName}: ${JSON.stringify(envelope)}`)
  return envelope.data
}

export function printTable(title: string, rows: Array<[string, string, string?]>): void {
  console.log(`\n${title}`)
  for (const [name, value, target] of rows) {
    console.log(`  ${name.padEnd(44)} ${value.padStart(14)}${target ? `   target: ${target}` : ''}`)
  }
}

/** Calls the operator API with the token the server wrote to its data directory. */
export async function operatorApi<T>(
  baseUrl: string,
  dataDir: string,
  method: 'GET' | 'POST',
  pathName: string,
  body?: unknown,
): Promise<T> {
  const token = readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim()
  const response = await fetch(`${baseUrl}/api${pathName}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-canopy-operator-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await response.json()) as { status: number; data: T }
  if (envelope.status !== 10000) throw new Error(`${pathName}: ${JSON.stringify(envelope)}`)
  return envelope.data
}

/** A process's resident memory, in KB. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0)
}

/** A process's CPU time so far (user and system), in seconds. */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime, in clock ticks of 1/100 s
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * Latency of one request through HTTP: a 2 s warm-up, then `seconds` under `connections` at
 * once; p99 in ms, requests per second, and how many answers were not 2xx (must be 0).
 */
export async function measureLatency(options: autocannon.Options, connections: number, seconds: number) {
  await autocannon({ ...options, connections, duration: 2 })
  const result = await autocannon({ ...options, connections, duration: seconds })
  return { p99: result.latency.p99, rps: result.requests.average, errors: result.non2xx + result.errors }
}
