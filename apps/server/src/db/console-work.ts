import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'

/**
 * Work a person is waiting for: a console request. Its statements go to connections of their
 * own, so they never queue for a connection behind the devices' work, and the embedded database
 * serves those connections' requests first (they say `CONSOLE_APPLICATION` when they connect).
 */
export const CONSOLE_APPLICATION = 'canopy-console'

/** Open while the request runs: work it left behind (a timer, a batch it began) is not urgent. */
const consoleWork = new AsyncLocalStorage<{ open: boolean }>()

/** Runs a console request's handler as console work. */
export async function asConsoleWork<T>(handler: () => Promise<T>): Promise<T> {
  const request = { open: true }
  try {
    return await consoleWork.run(request, handler)
  } finally {
    request.open = false
  }
}

/**
 * What drizzle is given for a pool: each query and transaction goes to the console's pool while
 * a console request runs, and to the devices' and background work's pool otherwise. drizzle
 * treats it as a pool (its class name says so): a transaction takes a connection with `connect`.
 */
export class RoutingPool {
  constructor(
    private readonly background: pg.Pool,
    private readonly console: pg.Pool,
  ) {}

  query(...args: unknown[]): unknown {
    const pool = this.current()
    return (pool.query as (...args: unknown[]) => unknown).apply(pool, args)
  }

  connect(): Promise<pg.PoolClient> {
    return this.current().connect()
  }

  private current(): pg.Pool {
    return consoleWork.getStore()?.open ? this.console : this.background
  }
}
