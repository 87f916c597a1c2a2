import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/open'
import { DEMO_ACCOUNT, startDemo } from './demo'
import { demoBanner } from './demo-banner'
import { shutDownInSteps } from './lib/bounded'
import { serverPaths } from './paths'

/** How long a shutdown may take, broker and database gone or not. */
const SHUTDOWN_MS = 10_000

/** The composition root: config → database → app → listen; and a graceful way out. */
async function main() {
  const startedAt = performance.now()
  const config = loadConfig()
  config.webDist ??= existsSync(serverPaths.webDist) ? serverPaths.webDist : undefined
  const database = await openDatabase(config)
  const canopy = await buildApp({ config, database })
  const log = canopy.http.log
  // The operator CLI on this machine reads its token here (docs/operations.md, "Operator CLI").
  writeOperatorToken(config.dataDir, canopy.operatorToken)

  const demo = config.demo
    ? await startDemo(canopy, database.db, config.demoFleetSize, config.dataDir)
    : undefined

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'shutting down')
    // The documented bound (docs/operations.md): each step below has its own, summing to less.
    const deadline = setTimeout(() => process.exit(1), SHUTDOWN_MS)
    deadline.unref()
    const startedAt = performance.now()
    await shutDownInSteps(
      [
        { name: 'demo fleet', ms: 1000, run: () => demo?.fleet.stop() },
        // HTTP, then the gateway and the change feed (app.ts, onClose): about 6 s at most.
        { name: 'server', ms: 7000, run: () => canopy.http.close() },
        { name: 'database', ms: 1500, run: () => database.close() },
      ],
      (step, error) => log.warn({ err: error, step }, 'shutdown step failed'),
    )
    log.info({ shutdownMs: Math.round(performance.now() - startedAt) }, 'shut down')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await canopy.http.listen({ port: config.port, host: config.host })
  const address = canopy.http.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  log.info(
    {
      startupMs: Math.round(performance.now() - startedAt),
      database: database.external ? 'postgresql' : 'embedded',
      mqtt: canopy.gateway.brokerUrl,
    },
    `Canopy is running at http://localhost:${port}`,
  )
  if (demo) {
    // For a person to read and type in, so plain lines rather than a field of a JSON log line.
    process.stdout.write(
      demoBanner({
        url: `http://localhost:${port}`,
        username: DEMO_ACCOUNT.username,
        password: demo.created ? DEMO_ACCOUNT.password : undefined,
        devicesOnline: demo.fleet.devices.length,
        unbound: demo.unbound,
      }),
    )
  }
}

function writeOperatorToken(dataDir: string, token: string) {
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(path.join(dataDir, 'operator-token'), `${token}\n`, { mode: 0o600 })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
