import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { serverPaths } from '../paths'
import type { Database } from './client'

/** The committed SQL migrations (apps/server/drizzle), applied in order. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: serverPaths.migrations })
}
