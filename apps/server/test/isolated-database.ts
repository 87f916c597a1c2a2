import { inject } from 'vitest'
import { connectDatabase } from '../src/db/client'
import { startEmbeddedPostgres } from '../src/db/embedded-postgres'
import { runMigrations } from '../src/db/migrate'
import { databaseOfItsOwn } from './own-database'
import { workerResources } from './worker-resources'

/**
 * A migrated database for one test file alone, beside the run's: for tests of what reaches every
 * account (an announcement), which would otherwise land in other files' accounts mid-test. On the
 * run's PostgreSQL server when it has one, else an in-memory embedded one.
 */
export async function isolatedDatabase(): Promise<{ url: string; external: boolean; drop(): Promise<void> }> {
  if (inject('externalDatabase')) {
    const server = new URL(workerResources().databaseUrl)
    server.pathname = '/postgres'
    const own = await databaseOfItsOwn(server.toString(), 'canopy_isolated')
    await migrate(own.url)
    return { url: own.url, external: true, drop: own.drop }
  }
  const embedded = await startEmbeddedPostgres('memory://')
  await migrate(embedded.url)
  return { url: embedded.url, external: false, drop: () => embedded.stop() }
}

async function migrate(url: string): Promise<void> {
  const handle = connectDatabase(url, { maxConnections: 1 })
  try {
    await runMigrations(handle.db)
  } finally {
    await handle.close()
  }
}
