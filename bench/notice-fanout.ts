// 1,000 accounts signed in, each with its notice socket open (/notice/{uid}); one announcement
// posts a system message to all 1,000 at once. Measured: from the publication to each socket's
// badge count arriving (every badge must arrive). Target: p99 < 2 s. Embedded defaults.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type WebSocket from 'ws'
import { allWithin, openNoticeSockets, percentile, SIGN_UP_LIMITS, signUpAccounts } from './notice-sessions'
import { operatorApi, printTable, requireBuild, startServer } from './support'

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1000)

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-notice-'))
const server = await startServer(dataDir, SIGN_UP_LIMITS)
let sockets: WebSocket[] = []
try {
  const sessions = await signUpAccounts(server.baseUrl, ACCOUNTS, 'n')
  // Each socket: opened, told its first count (0), then the time the count 1 arrives.
  const opened = await openNoticeSockets(server.baseUrl, sessions)
  sockets = opened.sockets

  const published = performance.now()
  await operatorApi(server.baseUrl, dataDir, 'POST', '/operator/announcements/publish', {
    title: { 'en-us': 'Bench', 'zh-cn': '基准', es: 'Prueba' },
    body: { 'en-us': 'Fan-out bench.', 'zh-cn': '扇出基准。', es: 'Prueba de difusión.' },
  })
  const delays = (await allWithin(opened.arrivals, 60, 'every badge updated'))
    .map((at) => at - published)
    .sort((a, b) => a - b)
  printTable(`Notice fan-out: ${ACCOUNTS} open sockets, one message each at once (embedded defaults)`, [
    ['badges updated', `${delays.length} / ${ACCOUNTS}`, 'all'],
    ['p50 from publication to badge', `${percentile(delays, 50).toFixed(0)} ms`],
    ['p99 from publication to badge', `${percentile(delays, 99).toFixed(0)} ms`, '< 2,000 ms'],
    ['slowest', `${delays.at(-1)!.toFixed(0)} ms`],
  ])
} finally {
  for (const socket of sockets) socket.terminate()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
