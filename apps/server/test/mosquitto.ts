import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const PLUGIN_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
]

export interface RunningMosquitto {
  url: string
  username: string
  password: string
  stop(): Promise<void>
}

/**
 * A Mosquitto of our own on a free loopback port, configured as docs/operations.md says:
 * no anonymous clients, the dynamic-security plugin, an admin account for the cloud.
 */
export async function startMosquitto(): Promise<RunningMosquitto> {
  const plugin = PLUGIN_CANDIDATES.find((candidate) => existsSync(candidate))
  if (!plugin) throw new Error('Mosquitto dynamic-security plugin not found (apt-get install mosquitto)')
  const dir = mkdtempSync(path.join(tmpdir(), 'canopy-mosquitto-'))
  const port = await freePort()
  const username = 'canopy-cloud'
  const password = `pw-${Math.random().toString(36).slice(2)}`
  const dynsec = path.join(dir, 'dynamic-security.json')
  await promisify(execFile)('mosquitto_ctrl', ['dynsec', 'init', dynsec, username, password])
  writeFileSync(
    path.join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${plugin}`,
      `plugin_opt_config_file ${dynsec}`,
      // Run as whoever started us (as root, Mosquitto would switch to a user who cannot write here).
      `user ${userInfo().username}`,
      'max_keepalive 1200',
    ].join('\n'),
  )
  const child = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' })
  await waitForPort(port, child)
  return {
    url: `mqtt://127.0.0.1:${port}`,
    username,
    password,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
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
