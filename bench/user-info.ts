// Authenticated GET /api/backend/user/info at 64 connections on the embedded defaults, beside a
// bare Fastify route measured in the same run. Target: ≥ 3,000 req/s with p99 < 25 ms.
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { api, freePort, printTable, requireBuild, root, startServer } from './support'

const CONNECTIONS = 64
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-info-'))
const server = await startServer(dataDir)
try {
  const account = { username: 'bench_user', password: 'bench1234', confirm_password: 'bench1234' }
  await api(server.baseUrl, '/backend/user/register', {
    ...account,
    email: 'bench@example.test',
    agreement: true,
  })
  const { access_token } = await api<{ access_token: string }>(server.baseUrl, '/backend/auth/token', account)
  const profile = await api(server.baseUrl, '/backend/user/info', undefined, access_token)

  const canopy = await load(`${server.baseUrl}/api/backend/user/info`, {
    authorization: `Bearer ${access_token}`,
  })

  const port = await freePort()
  const bare = fork(path.join(root, 'bench/bare-fastify.mjs'), {
    env: {
      ...process.env,
      PORT: String(port),
      BODY: JSON.stringify({ status: 10000, errorCode: [], data: profile }),
    },
  })
  await new Promise((resolve) => bare.once('message', resolve))
  const baseline = await load(`http://127.0.0.1:${port}/bare`, {})
  bare.kill()

  printTable(`GET /api/backend/user/info, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`, [
    ['Canopy user/info: requests/s', canopy.rps.toFixed(0), '≥ 3,000'],
    ['Canopy user/info: p99 latency', `${canopy.p99} ms`, '< 25 ms'],
    ['bare Fastify route: requests/s', baseline.rps.toFixed(0)],
    ['bare Fastify route: p99 latency', `${baseline.p99} ms`],
    ['ratio Canopy / bare (tracked figure)', (canopy.rps / baseline.rps).toFixed(2)],
    ['non-2xx responses (must be 0)', String(canopy.errors)],
  ])
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

async function load(url: string, headers: Record<string, string>) {
  // A short warm-up, then the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 })
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS })
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors }
}
