import type { TestProject } from 'vitest/node'
import { connectDatabase } from '../src/db/client'
import { startEmbeddedPostgres } from '../src/db/embedded-postgres'
import { runMigrations } from '../src/db/migrate'
import { startMosquitto } from './mosquitto'
import { databaseOfItsOwn } from './own-database'

declare module 'vitest' {
  export interface ProvidedContext {
    /** one database and broker per test worker (test/worker-resources.ts picks a file's) */
    workers: WorkerResources[]
    externalDatabase: boolean
  }
}

export interface WorkerResources {
  databaseUrl: string
  /** an external broker (our own Mosquitto), or null for the embedded one */
  mqtt: { url: string; username: string; password: string } | null
}

/**
 * A database for each test worker, migrated once: an in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server at DATABASE_URL (dropped at the end). Tests never assume an
 * empty database: each builds its own tenant with the factories. Files on two workers run side by
 * side, and each app's job queues claim whatever work its database holds: a shared database would
 * hand one file's device jobs to another file's app, whose broker has never seen those devices.
 *
 * With MQTT_URL set, the apps use an external Mosquitto: one of our own per worker, started on a
 * free port with the dynamic-security configuration of docs/operations.md (a shared system
 * broker is not configured for it); otherwise each app embeds its broker on a free port.
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, project.globalConfig.maxWorkers)
  const teardowns: (() => Promise<void>)[] = []
  const workers: WorkerResources[] = []
  try {
    for (let worker = 0; worker < count; worker++) {
      const mosquitto = process.env.MQTT_URL ? await startMosquitto() : undefined
      if (mosquitto) teardowns.push(() => mosquitto.stop())
      const database = await setupDatabase()
      teardowns.push(database.drop)
      workers.push({
        databaseUrl: database.url,
        mqtt: mosquitto
          ? { url: mosquitto.url, username: mosquitto.username, password: mosquitto.password }
          : null,
      })
    }
  } catch (error) {
    await tearDown(teardowns)
    throw error
  }
  project.provide('workers', workers)
  project.provide('externalDatabase', Boolean(process.env.DATABASE_URL))
  return () => tearDown(teardowns)
}

async function tearDown(teardowns: (() => Promise<void>)[]) {
  for (const teardown of teardowns.reverse()) await teardown()
}

async function setupDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    const database = await databaseOfItsOwn(serverUrl, 'canopy_test')
    await migrate(database.url)
    return database
  }
  const embedded = await startEmbeddedPostgres('memory://')
  await migrate(embedded.url)
  return { url: embedded.url, drop: () => embedded.stop() }
}

async function migrate(url: string) {
  const handle = connectDatabase(url, { maxConnections: 1 })
  await runMigrations(handle.db)
  await handle.close()
}
