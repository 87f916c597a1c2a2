// `npm run bench` runs every benchmark; `npm run bench -- startup` one of them.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const benches = [
  'startup',
  'user-info',
  'login-page',
  'organisation',
  'devices-embedded',
  'devices-scale',
  'device-settings',
  'traffic',
  'upgrade-campaign',
  'firmware-download',
  'scheduler',
  'alarms-ingest',
  'backup',
  'notice-fanout',
  'alarms-fanout',
  'template-rollout',
  'config-diff',
  'guest-logins',
]
const chosen = process.argv.slice(2).filter((name) => benches.includes(name))
for (const name of chosen.length > 0 ? chosen : benches) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, `${name}.ts`)],
    {
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}
