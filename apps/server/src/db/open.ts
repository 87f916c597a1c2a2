import path from 'node:path'
import type { Config } from '../config'
import { connectDatabase, type DatabaseHandle } from './client'
import { EMBEDDED_MAX_CONNECTIONS, startEmbeddedPostgres } from './embedded-postgres'
import { EmbeddedVacuum } from './embedded-vacuum'
import { runMigrations } from './migrate'

export type OpenDatabase = DatabaseHandle & {
  /** the libpq URL the pool uses */
  url: string
  /** a PostgreSQL server that other instances may share, rather than the embedded one */
  external: boolean
  /** no other process can reach it (the embedded database: PGlite lives in this process) */
  exclusive: boolean
}

const EXTERNAL_POOL_SIZE = 10
/** Console requests' own connections, beside the pool (db/console-work.ts) */
const CONSOLE_POOL_SIZE = 4
// Any constant works: it only has to be the same for every instance.
const MIGRATION_LOCK = 7_253_001

/**
 * The database: the PostgreSQL server at DATABASE_URL, or else the embedded PGlite under
 * DATA_DIR. Either way the server talks to it with `pg`, and pending migrations are applied,
 * one instance at a time.
 */
export async function openDatabase(config: Config): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const handle = connectDatabase(config.databaseUrl, {
      maxConnections: EXTERNAL_POOL_SIZE,
      consoleConnections: CONSOLE_POOL_SIZE,
      countStatements: config.countStatements,
    })
    await migrateOnce(handle)
    return { ...handle, url: config.databaseUrl, external: true, exclusive: false }
  }
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pglite'))
  const handle = connectDatabase(embedded.url, {
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
    consoleConnections: CONSOLE_POOL_SIZE,
    countStatements: config.countStatements,
  })
  try {
    await migrateOnce(handle)
  } catch (error) {
    await handle.close()
    await embedded.stop()
    throw error
  }
  const vacuum = new EmbeddedVacuum(handle.pool)
  vacuum.start()
  return {
    ...handle,
    url: embedded.url,
    external: false,
    exclusive: true,
    async close() {
      await vacuum.stop()
      await handle.close()
      await embedded.stop()
    },
  }
}

async function migrateOnce(handle: DatabaseHandle): Promise<void> {
  const lock = await handle.pool.connect()
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await runMigrations(handle.db)
  } finally {
    // A lock that cannot be given back goes with its session: the connection is closed, not reused.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).then(
      () => lock.release(),
      (error: Error) => lock.release(error),
    )
  }
}
