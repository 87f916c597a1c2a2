import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { CONSOLE_APPLICATION, RoutingPool } from './console-work'
import * as schema from './schema'
import { StatementCounts } from './statement-counts'

export type Database = NodePgDatabase<typeof schema>

export interface DatabaseHandle {
  db: Database
  /** the devices' and background work's connections (console requests have their own) */
  pool: pg.Pool
  /** the statements sent, when counted (DATABASE_STATEMENT_COUNTS) */
  statements?: StatementCounts
  close(): Promise<void>
}

export function connectDatabase(
  url: string,
  options: {
    maxConnections: number
    /** console requests' own connections (none: they share the pool) */
    consoleConnections?: number
    countStatements?: boolean
  },
): DatabaseHandle {
  const pool = poolOf({ connectionString: url, max: options.maxConnections })
  const consolePool = options.consoleConnections
    ? poolOf({
        connectionString: url,
        max: options.consoleConnections,
        application_name: CONSOLE_APPLICATION,
      })
    : pool
  const statements = options.countStatements ? new StatementCounts() : undefined
  // A RoutingPool does what drizzle asks of a pg.Pool (query, connect).
  const db = drizzle(new RoutingPool(pool, consolePool) as unknown as pg.Pool, {
    schema,
    ...(statements ? { logger: { logQuery: (query: string) => statements.count(query) } } : {}),
  })
  return {
    db,
    pool,
    statements,
    close: async () => {
      await Promise.all([...new Set([pool, consolePool])].map((each) => each.end()))
    },
  }
}

function poolOf(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config)
  // An idle client's network error must not crash the process; the pool replaces it. Said on
  // stderr (the pool has no logger): a database that drops connections should be seen.
  pool.on('error', (error) =>
    console.error(`database: an idle connection failed and will be replaced: ${error.message}`),
  )
  return pool
}

/** The database or a transaction: what repositories run their queries on. */
export type Executor = Pick<
  Database,
  'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'
>
