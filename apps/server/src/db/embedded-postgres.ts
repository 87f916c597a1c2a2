import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { serverPaths } from '../paths'
import { CONSOLE_APPLICATION } from './console-work'

export interface EmbeddedPostgres {
  /** a libpq URL for the `pg` driver, over the unix socket */
  url: string
  stop(): Promise<void>
}

/** Connections the server keeps to the embedded database; they take turns on its one session. */
export const EMBEDDED_MAX_CONNECTIONS = 8

/**
 * Starts PGlite in a worker thread behind a unix socket. `dataDir` is a directory, or
 * 'memory://' for a throw-away database (tests). A new database starts from the build's seed
 * cluster when there is one.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true })
  // A private directory: the socket accepts anyone who can reach it, with no password.
  const socketDir = mkdtempSync(path.join(tmpdir(), 'canopy-pg-'))
  const worker = new Worker(serverPaths.pgliteWorker, {
    workerData: {
      dataDir,
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
      seedPath: serverPaths.pgliteSeed,
      urgentApplication: CONSOLE_APPLICATION,
    },
  })
  const cleanUp = () => rmSync(socketDir, { recursive: true, force: true })
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject)
      worker.once('message', (message: { ready?: boolean; error?: string }) =>
        message.ready ? resolve() : reject(new Error(`Embedded PostgreSQL failed: ${message.error}`)),
      )
    })
  } catch (error) {
    await worker.terminate()
    cleanUp()
    throw error
  }
  return {
    url: `postgresql://postgres@/postgres?host=${encodeURIComponent(socketDir)}`,
    async stop() {
      const stopped = new Promise((resolve) => worker.once('message', resolve))
      worker.postMessage('stop')
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 5000))])
      await worker.terminate()
      cleanUp()
    },
  }
}
