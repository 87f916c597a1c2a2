import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { databaseOfItsOwn } from './own-database'
import { freePort, waitUntilAnswering } from './ports'
import { workerResources } from './worker-resources'

const serverRoot = path.resolve(import.meta.dirname, '..')
const main = path.join(serverRoot, 'src/main.ts')

/**
 * The real server in a child process, from source (`tsx src/main.ts`), on ports and a database
 * of its own that outlive it: it can be killed (`kill -9`) and started again on the same data.
 * The database is the run's kind (global-setup.ts): a fresh database on the PostgreSQL server at
 * DATABASE_URL, or the embedded one in a temporary DATA_DIR; the broker is the run's Mosquitto,
 * or the embedded one on a port of its own.
 */
export interface ServerProcess {
  baseUrl: string
  /** where devices connect */
  mqttUrl: string
  dataDir: string
  /** the operator API's token (the server writes it to DATA_DIR) */
  operatorToken(): string
  /** starts the server (again) and waits until it answers */
  start(): Promise<void>
  /** `kill -9`: no shutdown, no flush, nothing */
  kill(): Promise<void>
  /** what the server wrote to stderr and stdout, for a failing test's message */
  log(): string
  /** stops the server and removes its database and files */
  dispose(): Promise<void>
}

export async function serverProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const work = mkdtempSync(path.join(tmpdir(), 'canopy-server-'))
  const dataDir = path.join(work, 'data')
  const logFile = path.join(work, 'server.log')
  const port = await freePort()
  const mosquitto = workerResources().mqtt
  const mqttPort = await freePort()
  const database = inject('externalDatabase')
    ? await databaseOfItsOwn(process.env.DATABASE_URL!, 'canopy_faults')
    : undefined
  const broker = mosquitto
    ? { MQTT_URL: mosquitto.url, MQTT_USERNAME: mosquitto.username, MQTT_PASSWORD: mosquitto.password }
    : { MQTT_URL: '', MQTT_PORT: String(mqttPort), MQTT_HOST: '127.0.0.1' }
  const baseUrl = `http://127.0.0.1:${port}`
  let child: ChildProcess | undefined

  const stopped = async (process: ChildProcess) => {
    if (process.exitCode === null && process.signalCode === null)
      await new Promise((resolve) => process.once('exit', resolve))
  }

  return {
    baseUrl,
    mqttUrl: mosquitto ? mosquitto.url : `mqtt://127.0.0.1:${mqttPort}`,
    dataDir,
    operatorToken: () => readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim(),
    async start() {
      const log = createWriteStream(logFile, { flags: 'a' })
      child = spawn(process.execPath, ['--import', 'tsx', main], {
        // tsx resolves from here; the server's own files are found from its source (paths.ts).
        cwd: serverRoot,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: database?.url ?? '',
          ...broker,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_REGISTER_PER_HOUR: '100000',
          RATE_LIMIT_BIND_PER_MINUTE: '100000',
          RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child.stdout!.pipe(log)
      child.stderr!.pipe(log)
      await waitUntilAnswering(`${baseUrl}/api/backend/common/countrycodes`, child).catch((error: Error) => {
        throw new Error(`${error.message}\n${readFileSync(logFile, 'utf8').slice(-4000)}`)
      })
    },
    async kill() {
      if (!child) return
      child.kill('SIGKILL')
      await stopped(child)
    },
    log: () => readFileSync(logFile, 'utf8'),
    async dispose() {
      if (child) {
        child.kill('SIGTERM')
        await stopped(child)
      }
      await database?.drop()
      rmSync(work, { recursive: true, force: true })
    },
  }
}
