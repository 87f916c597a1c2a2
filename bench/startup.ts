// Cold start of the built server to accepting requests, on the embedded defaults.
// Target: under 5 s with an existing data directory (the normal restart).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { printTable, requireBuild, startServer } from './support'

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-start-'))
try {
  const first = await startServer(dataDir)
  await first.stop()
  const restarts: number[] = []
  for (let i = 0; i < 5; i++) {
    const server = await startServer(dataDir)
    restarts.push(server.readyAfterMs)
    await server.stop()
  }
  restarts.sort((a, b) => a - b)
  printTable('Start-up (built server, embedded PostgreSQL)', [
    ['first start, new data directory', `${(first.readyAfterMs / 1000).toFixed(2)} s`],
    ['start with existing data, median of 5', `${(restarts[2]! / 1000).toFixed(2)} s`, '< 5 s'],
    ['start with existing data, worst of 5', `${(restarts[4]! / 1000).toFixed(2)} s`],
  ])
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
