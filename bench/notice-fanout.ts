// 1,000 accounts signed in, each with its notice socket open (/notice/{uid}); one announcement
// posts a system message to all 1,000 at once. Measured: from the publication to each socket's
// badge count arriving (every badge must arrive). Target: p99 < 2 s. Embedded defaults.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { NOTICE_PROTOCOL } from '@canopy/shared/notice'
import WebSocket from 'ws'
import { api, operatorApi, printTable, requireBuild, startServer } from './support'

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1000)
const PARALLEL = 16

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-notice-'))
const server = await startServer(dataDir, {
  RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
  RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS_PER_MINUTE: '1000000',
  RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: '1000000',
})
const sockets: WebSocket[] = []
try {
  const stamp = Date.now().toString(36)
  const sessions: Array<{ uid: number; token: string }> = []
  const signUp = async (index: number) => {
    const account = { username: `n${stamp}${index}`, password: 'bench1234', confirm_password: 'bench1234' }
    const { uid } = await api<{ uid: number }>(server.baseUrl, '/backend/user/register', {
      ...account,
      email: `n${stamp}${index}@example.test`,
      agreement: true,
    })
    const { access_token } = await api<{ access_token: string }>(
      server.baseUrl,
      '/backend/auth/token',
      account,
    )
    sessions.push({ uid, token: access_token })
  }
  for (let start = 0; start < ACCOUNTS; start += PARALLEL)
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, ACCOUNTS - start) }, (_, offset) => signUp(start + offset)),
    )

  // Each socket: opened, told its first count (0), then the time the count 1 arrives.
  const arrivals: Array<Promise<number>> = []
  const wsBase = server.baseUrl.replace(/^http/, 'ws')
  await Promise.all(
    sessions.map(
      ({ uid, token }) =>
        new Promise<void>((opened, failed) => {
          const socket = new WebSocket(`${wsBase}/notice/${uid}`, [NOTICE_PROTOCOL, token])
          sockets.push(socket)
          socket.once('error', failed)
          arrivals.push(
            new Promise<number>((arrived) => {
              socket.on('message', (data) => {
                const { nums } = JSON.parse(String(data)) as { nums: number }
                if (nums === 0) opened()
                if (nums === 1) arrived(performance.now())
              })
            }),
          )
        }),
    ),
  )

  const published = performance.now()
  await operatorApi(server.baseUrl, dataDir, 'POST', '/operator/announcements/publish', {
    title: { 'en-us': 'Bench', 'zh-cn': '基准', es: 'Prueba' },
    body: { 'en-us': 'Fan-out bench.', 'zh-cn': '扇出基准。', es: 'Prueba de difusión.' },
  })
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('not every badge was updated within 60 s')), 60_000).unref(),
  )
  const delays = (await Promise.race([Promise.all(arrivals), timeout]))
    .map((at) => at - published)
    .sort((a, b) => a - b)
  const percentile = (p: number) =>
    delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)]!
  printTable(`Notice fan-out: ${ACCOUNTS} open sockets, one message each at once (embedded defaults)`, [
    ['badges updated', `${delays.length} / ${ACCOUNTS}`, 'all'],
    ['p50 from publication to badge', `${percentile(50).toFixed(0)} ms`],
    ['p99 from publication to badge', `${percentile(99).toFixed(0)} ms`, '< 2,000 ms'],
    ['slowest', `${delays.at(-1)!.toFixed(0)} ms`],
  ])
} finally {
  for (const socket of sockets) socket.terminate()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
