// Runs npm scripts in turn, stopping at the first that fails, and says how long each took: a
// slow run shows which suite was slow (`npm test` is the build, the unit suites, then e2e).
import { spawnSync } from 'node:child_process'

const took = []
let status = 0
for (const script of process.argv.slice(2)) {
  const started = performance.now()
  status = spawnSync('npm', ['run', script], { stdio: 'inherit' }).status ?? 1
  took.push(
    `${script.padEnd(12)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s${status ? ' (failed)' : ''}`,
  )
  if (status !== 0) break
}
process.stdout.write(`\n=== npm test, time per suite ===\n${took.join('\n')}\n`)
process.exit(status)
