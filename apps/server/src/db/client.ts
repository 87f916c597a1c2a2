import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema'
import { StatementCounts } from './statement-counts'

export type Database = NodePgDatabase<typeof schema>

export interface DatabaseHandle {
  db: Database
  pool: pg.Pool
  /** the statements sent, when counted (DATABASE_STATEMENT_COUNTS) */
  statements?: StatementCounts
  close(): Promise<void>
}

export function connectDatabase(
  url: string,
  options: { maxConnections: number; countStatements?: boolean },
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections })
  // An idle client's network error must not crash the process; the pool replaces it. Said on
  // stderr (the pool has no logger): a database that drops connections should be seen.
  pool.on('error', (error) =>
    console.error(`database: an idle connection failed and will be replaced: ${error.message}`),
  )
  const statements = options.countStatements ? new StatementCounts() : undefined
  const db = drizzle(pool, {
    schema,
    ...(statements ? { logger: { logQuery: (query: string) => statements.count(query) } } : {}),
  })
  return { db, pool, statements, close: () => pool.end() }
}

/** The database or a transaction: what repositories run their queries on. */
export type Executor = Pick<
  Database,
  'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'
>
