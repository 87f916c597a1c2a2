import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { freePort } from './ports'

/** The configuration operators deploy (docs/operations.md): the tests run this very file. */
const DEPLOY_CONFIG = fileURLToPath(new URL('../../../deploy/mosquitto/mosquitto.conf', import.meta.url))

// Where distributions put the plugin; the deploy file's bare name finds the same through the
// system's library path, but a full path makes a missing plugin say so plainly.
const PLUGIN_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib64/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
  '/opt/homebrew/lib/mosquitto_dynamic_security.so',
]

export interface RunningMosquitto {
  url: string
  username: string
  password: string
  stop(): Promise<void>
  /** kills it as a crash would (SIGKILL: no last wills, no goodbyes), keeping its files */
  kill(): Promise<void>
  /** starts it again on the same port with the same files (after `kill`) */
  restart(): Promise<void>
}

/**
 * A Mosquitto of our own on a free loopback port, with deploy/mosquitto/mosquitto.conf: the
 * deployed configuration, changed only where a test run must differ (its port, its files, the
 * plugin's path on this machine), so a drift in that file shows in the protocol tests.
 */
export async function startMosquitto(): Promise<RunningMosquitto> {
  const dir = mkdtempSync(path.join(tmpdir(), 'canopy-mosquitto-'))
  const port = await freePort()
  const username = 'canopy-cloud'
  const password = `pw-${Math.random().toString(36).slice(2)}`
  const dynsec = path.join(dir, 'dynamic-security.json')
  await promisify(execFile)('mosquitto_ctrl', ['dynsec', 'init', dynsec, username, password])
  const config = testConfig(readFileSync(DEPLOY_CONFIG, 'utf8'), {
    port,
    dir,
    dynsec,
    plugin: PLUGIN_CANDIDATES.find((candidate) => existsSync(candidate)),
  })
  writeFileSync(path.join(dir, 'mosquitto.conf'), config)
  const spawnIt = async () => {
    const started = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' })
    await waitForPort(port, started)
    return started
  }
  let child = await spawnIt()
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill(signal)
      await exited
    }
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    username,
    password,
    stop: async () => {
      await end('SIGTERM')
      rmSync(dir, { recursive: true, force: true })
    },
    kill: () => end('SIGKILL'),
    restart: async () => {
      await end('SIGKILL')
      child = await spawnIt()
    },
  }
}

/**
 * The deploy configuration with what a test run changes: the listener (a free loopback port),
 * the dynamic-security and persistence files (a temporary directory), the plugin (found on this
 * machine, if it is in a known place). Any other file path in it would be the system's, which a
 * test must not touch: that fails here, so the template grows with the file.
 */
function testConfig(
  deploy: string,
  run: { port: number; dir: string; dynsec: string; plugin: string | undefined },
): string {
  const replaced = new Set<string>()
  const lines = deploy.split('\n').map((line) => {
    const [directive, value] = line.trim().split(/\s+/, 2)
    const set = (text: string) => {
      if (directive) replaced.add(directive)
      return text
    }
    switch (directive) {
      case 'listener':
        return set(`listener ${run.port} 127.0.0.1`)
      case 'plugin':
        return set(`plugin ${run.plugin ?? value}`)
      case 'plugin_opt_config_file':
        return set(`plugin_opt_config_file ${run.dynsec}`)
      case 'persistence_location':
        return set(`persistence_location ${run.dir}/`)
      default:
        if (directive && !directive.startsWith('#') && line.includes('/'))
          throw new Error(
            `${DEPLOY_CONFIG}: "${line.trim()}" names a system path; template it in test/mosquitto.ts`,
          )
        return line
    }
  })
  for (const directive of ['listener', 'plugin', 'plugin_opt_config_file'])
    if (!replaced.has(directive)) throw new Error(`${DEPLOY_CONFIG} has no ${directive} line`)
  // Run as whoever started us (as root, Mosquitto would switch to a user who cannot write here).
  return [...lines, `user ${userInfo().username}`, ''].join('\n')
}
async function waitForPort(port: number, child: ReturnType<typeof spawn>) {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('mosquitto exited at start')
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('mosquitto did not open its port')
}
