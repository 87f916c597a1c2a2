import type { TestProject } from 'vitest/node'
import { connectDatabase } from '../src/db/client'
import { startEmbeddedPostgres } from '../src/db/embedded-postgres'
import { runMigrations } from '../src/db/migrate'
import { startMosquitto } from './mosquitto'
import { databaseOfItsOwn } from './own-database'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    externalDatabase: boolean
    /** an external broker (our own Mosquitto), or null for the embedded one */
    mqtt: { url: string; username: string; password: string } | null
  }
}

/**
 * One database for the whole run, migrated once: an in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server at DATABASE_URL (dropped at the end). Tests never assume an
 * empty database: each builds its own tenant with the factories.
 *
 * With MQTT_URL set, the apps use an external Mosquitto: one of our own, started on a free port
 * with the dynamic-security configuration of docs/operations.md (a shared system broker is not
 * configured for it); otherwise each app embeds its broker on a free port.
 */
export default async function setup(project: TestProject) {
  const mosquitto = process.env.MQTT_URL ? await startMosquitto() : undefined
  project.provide(
    'mqtt',
    mosquitto ? { url: mosquitto.url, username: mosquitto.username, password: mosquitto.password } : null,
  )
  const database = await setupDatabase(project)
  return async () => {
    await database()
    await mosquitto?.stop()
  }
}

async function setupDatabase(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    const database = await databaseOfItsOwn(serverUrl, 'canopy_test')
    await migrate(database.url)
    project.provide('databaseUrl', database.url)
    project.provide('externalDatabase', true)
    return database.drop
  }
  const embedded = await startEmbeddedPostgres('memory://')
  await migrate(embedded.url)
  project.provide('databaseUrl', embedded.url)
  project.provide('externalDatabase', false)
  return () => embedded.stop()
}

async function migrate(url: string) {
  const handle = connectDatabase(url, { maxConnections: 1 })
  await runMigrations(handle.db)
  await handle.close()
}
