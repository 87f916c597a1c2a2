// A virtual fleet in its own process, connected to a bench server and bound to one account.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { ErrorCode } from '@canopy/shared/errors'
import { fleetMacs, PROFILES, simulatedPassword } from '@canopy/simulator'
import { api, operatorApi, type RunningServer, root } from './support'

export interface BenchFleet {
  token: string
  /** seconds from spawn until every device was online */
  connectedAfter: number
  /** seconds the bind calls took */
  bindSeconds: number
  /** device ids, in MAC order */
  ids: number[]
  /** the fleet's process, to watch its CPU (it shares the machine with the server) */
  pid: number
  stop(): Promise<void>
}

export interface BenchFleetOptions {
  devices: number
  seed: number
  /** the simulator's models; all of them when absent */
  models?: string[]
  /** extra simulator flags, e.g. --apply-delay=0,0 */
  flags?: string[]
  /** gives up (stopping the fleet) when it is not all online within this many seconds */
  timeoutSeconds?: number
}

/** Imports the simulated catalogue, registers an owner, starts the fleet and binds every device. */
export async function startBenchFleet(
  server: RunningServer,
  dataDir: string,
  options: BenchFleetOptions,
): Promise<BenchFleet> {
  await operatorApi(server.baseUrl, dataDir, 'POST', '/operator/products/import', {
    products: (await import('@canopy/simulator')).catalogueEntries(),
  })
  const owner = { username: 'fleet_owner', password: 'bench1234', confirm_password: 'bench1234' }
  await api(server.baseUrl, '/backend/user/register', {
    ...owner,
    email: 'fleet@bench.test',
    agreement: true,
  })
  const { access_token: token } = await api<{ access_token: string }>(
    server.baseUrl,
    '/backend/auth/token',
    owner,
  )
  const [tree] = await api<Array<{ gid: number }>>(
    server.baseUrl,
    '/backend/workgroup/all?tree=1',
    undefined,
    token,
  )

  const started = performance.now()
  const child = spawn(
    process.execPath,
    [
      // A larger young generation: 10,000 devices allocate fast, and with the default one the
      // fleet's scavenges took as much CPU as its main thread, from the cores the server shares.
      '--max-semi-space-size=32',
      '--import',
      'tsx',
      path.join(root, 'apps/simulator/src/cli.ts'),
      `--devices=${options.devices}`,
      `--server=${server.baseUrl}`,
      `--mqtt=${server.mqttUrl}`,
      '--interval=30',
      `--seed=${options.seed}`,
      '--failure-rate=0',
      '--reboots-per-hour=0',
      '--drops-per-hour=0',
      ...(options.models ? [`--models=${options.models.join(',')}`] : []),
      ...(options.flags ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const stop = async () => {
    child.kill('SIGTERM')
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
  }
  try {
    await allOnline(child, options.timeoutSeconds)
    const connectedAfter = (performance.now() - started) / 1000
    // Bind them all, as the bind dialog would, sixteen at a time.
    const profiles = options.models ? PROFILES.filter((p) => options.models!.includes(p.model)) : PROFILES
    const macs = fleetMacs(options.devices, profiles, options.seed).map((entry) => entry.mac)
    const bindStarted = performance.now()
    const ids: number[] = []
    for (let start = 0; start < macs.length; start += 16) {
      const bound = await Promise.all(
        macs.slice(start, start + 16).map((mac) => bind(server.baseUrl, token, mac, tree!.gid)),
      )
      ids.push(...bound.map((device) => device.id))
    }
    return {
      token,
      connectedAfter,
      bindSeconds: (performance.now() - bindStarted) / 1000,
      ids,
      pid: child.pid!,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Binds a device, as the bind dialog would. A device is online before the server has filed the
 * status that carries its credential (the status waits in the server's queue with the rest):
 * until then the bind answers "bind error", so that answer is tried again for a while.
 */
export async function bind(
  baseUrl: string,
  token: string,
  mac: string,
  gid: number,
): Promise<{ id: number }> {
  const body = { mac, username: 'admin', password: simulatedPassword(mac), gid }
  for (let attempt = 1; ; attempt++) {
    try {
      return await api<{ id: number }>(baseUrl, '/backend/device/bind', body, token)
    } catch (error) {
      if (attempt >= 60 || !(error as Error).message.includes(String(ErrorCode.BIND_ERROR))) throw error
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
}

function allOnline(child: ChildProcess, timeoutSeconds = Number.POSITIVE_INFINITY): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // The fleet's last words, to say why it exited.
    let said = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-2000)
      if (chunk.toString().includes('virtual devices online')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`the fleet exited (${code}): ${said}`)))
    const timer = Number.isFinite(timeoutSeconds)
      ? setTimeout(() => reject(new FleetTimeout(timeoutSeconds)), timeoutSeconds * 1000)
      : undefined
  })
}

/** The fleet was not all online in time (the server, or the machine, could not take it). */
export class FleetTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`the fleet was not all online within ${seconds} s`)
  }
}
