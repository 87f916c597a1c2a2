// `npm run sim -- --devices 500`: a fleet of virtual devices against a Canopy server.
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { REALISTIC_APPLY_DELAY_MS } from './apply-settings'
import { parseUpgradeChaos } from './chaos'
import { startFleet } from './fleet'
import { parseMisbehaviours, planMisbehaviour } from './misbehaviour-plan'
import { PROFILES } from './profiles/catalogue'
import { QUICK_UPGRADE_TIMINGS, REALISTIC_UPGRADE_TIMINGS } from './upgrade'

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10' },
    server: { type: 'string', default: 'http://127.0.0.1:8080' },
    'api-root': { type: 'string', default: '/api' },
    mqtt: { type: 'string' },
    models: { type: 'string' },
    interval: { type: 'string', default: '30' },
    seed: { type: 'string' },
    'failure-rate': { type: 'string', default: '0.05' },
    'reboots-per-hour': { type: 'string', default: '0.05' },
    'drops-per-hour': { type: 'string', default: '0.05' },
    'local-changes-per-hour': { type: 'string', default: '0' },
    'config-bytes': { type: 'string', default: '0' },
    'apply-delay': { type: 'string', default: REALISTIC_APPLY_DELAY_MS.join(',') },
    'upgrade-chaos': { type: 'string', default: '' },
    'upgrade-timings': { type: 'string', default: 'realistic' },
    'download-concurrency': { type: 'string', default: '1000' },
    identities: { type: 'string' },
    misbehave: { type: 'string' },
    'misbehave-devices': { type: 'string', default: '1' },
    'misbehave-after': { type: 'string', default: '60' },
    'misbehave-for': { type: 'string', default: '300' },
    help: { type: 'boolean' },
  },
})

if (values.help) {
  console.warn(`Usage: npm run sim -- [options]
  --devices N            how many virtual devices (default 10)
  --server URL           the Canopy server they register with (default http://127.0.0.1:8080)
  --mqtt URL             the broker, if not the one registration names
  --models A,B           models to simulate (${PROFILES.map((profile) => profile.model).join(', ')})
  --interval S           seconds between telemetry reports (default 30)
  --seed N               the same seed gives the same MACs and behaviour
  --failure-rate F       share of settings refused with a reason (default 0.05)
  --reboots-per-hour F   random reboots per device per hour (default 0.05)
  --drops-per-hour F     random power losses per device per hour (default 0.05)
  --local-changes-per-hour F  changes made on a device itself (its 2.4 GHz SSID), per device per
                         hour: drift the console flags (default 0)
  --config-bytes N       pad each running configuration to about N bytes with firewall rules
                         (what a backup uploads; default 0: as it is)
While it runs, type \`ssid MAC NAME\` to change a device's 2.4 GHz SSID on the device itself.
  --apply-delay MIN,MAX  milliseconds a device takes to apply a setting (default ${REALISTIC_APPLY_DELAY_MS.join(',')})
  --upgrade-chaos T=F,…  share of firmware upgrades each trouble strikes: download-failure (every
                         download attempt breaks), bad-checksum, power-loss (mid-flash, back on the
                         old firmware), offline (off the network mid-download, then resumes);
                         e.g. --upgrade-chaos power-loss=0.05,offline=0.1 (default none)
  --upgrade-timings T    realistic (flashing 4–10 s, rebooting 3–8 s; the default) or quick (benches)
  --download-concurrency N  image downloads at once across the fleet (default 1000: each
                         also holds an MQTT connection, and one process has its file limit)
  --identities FILE      keep the devices' identities (thing name, secret) in FILE between runs,
                         as real devices keep theirs: bound devices come back to their owners
  --misbehave M,…        the first devices misbehave, to see alarms fire and recover: cpu-spike,
                         memory-leak, weak-signal (4G models), drop-wan, go-offline
  --misbehave-devices N  how many devices misbehave (default 1)
  --misbehave-after S    seconds after the start (default 60)
  --misbehave-for S      seconds it lasts before they recover (default 300)
The products must be in the server's catalogue: npm run canopy -- product import-simulated`)
  process.exit(0)
}

const started = performance.now()
const fleet = await startFleet({
  count: Number(values.devices),
  serverUrl: values.server,
  apiRoot: values['api-root'],
  mqttUrl: values.mqtt,
  models: values.models?.split(','),
  seed: values.seed ? Number(values.seed) : undefined,
  telemetryIntervalSeconds: Number(values.interval),
  failureRate: Number(values['failure-rate']),
  rebootsPerHour: Number(values['reboots-per-hour']),
  dropsPerHour: Number(values['drops-per-hour']),
  localChangesPerHour: Number(values['local-changes-per-hour']),
  configBytes: Number(values['config-bytes']),
  applyDelayMs: values['apply-delay'].split(',').map(Number) as [number, number],
  identitiesFile: values.identities,
  upgradeChaos: parseUpgradeChaos(values['upgrade-chaos']),
  downloadConcurrency: Number(values['download-concurrency']),
  // A busy server may time a connection out: a device tries again, as real ones do.
  startAttempts: 5,
  upgradeTimings: values['upgrade-timings'] === 'quick' ? QUICK_UPGRADE_TIMINGS : REALISTIC_UPGRADE_TIMINGS,
})
console.warn(
  `${fleet.devices.length} virtual devices online in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
for (const device of fleet.devices.slice(0, 20)) {
  console.warn(
    `  ${device.mac}  ${device.options.profile.model.padEnd(9)} account admin, password ${device.options.password}`,
  )
}
if (fleet.devices.length > 20)
  console.warn(`  … and ${fleet.devices.length - 20} more (password: admin + the MAC's last 4 hex digits)`)
// `ssid MAC NAME`: a change made on the device itself, as a technician on its web page would.
createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, mac, ssid] = line.trim().split(/\s+/)
  const device = fleet.devices.find((candidate) => candidate.mac.toLowerCase() === mac?.toLowerCase())
  if (command !== 'ssid' || !device || !ssid) {
    console.warn('usage: ssid MAC NAME (a device of this fleet)')
    return
  }
  device
    .changeLocally({ wifi: { '2g': { ssid } } })
    .then(() => console.warn(`${device.mac}: 2.4 GHz SSID is now ${ssid} (changed on the device)`))
    .catch((error: Error) => console.warn(`${device.mac}: ${error.message}`))
})
if (values.misbehave) {
  const misbehaving = fleet.devices.slice(0, Number(values['misbehave-devices']))
  planMisbehaviour(
    misbehaving,
    parseMisbehaviours(values.misbehave),
    { afterMs: Number(values['misbehave-after']) * 1000, forMs: Number(values['misbehave-for']) * 1000 },
    (line) => console.warn(line),
  )
  console.warn(
    `misbehaving from ${values['misbehave-after']} s: ${misbehaving.map((device) => device.mac).join(', ')}`,
  )
}
const shutdown = async () => {
  await fleet.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
