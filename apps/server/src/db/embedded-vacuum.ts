import type pg from 'pg'

/** Autovacuum's default thresholds: a fixed number of rows plus a share of the table. */
const BASE_ROWS = 50
const VACUUM_SHARE = 0.2
const ANALYZE_SHARE = 0.1

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL as a single process, with no
 * autovacuum worker: without this, telemetry's rewrites would leave dead rows behind for ever
 * and the planner would plan with the row counts of an empty install. Every interval it does
 * what autovacuum would, with autovacuum's thresholds, one table at a time (PGlite's one session
 * serves everyone else in between).
 */
export class EmbeddedVacuum {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> = Promise.resolve()

  constructor(private readonly pool: pg.Pool) {}

  start(everyMs = 60_000): void {
    this.timer = setInterval(
      () => void this.run().catch((error) => process.emitWarning(`Embedded vacuum failed: ${error}`)),
      everyMs,
    )
    this.timer.unref()
  }

  /** Vacuums and analyzes the tables autovacuum would; one pass at a time. Returns their names. */
  run(): Promise<string[]> {
    const pass = this.running.then(() => this.pass())
    this.running = pass.then(
      () => {},
      () => {},
    )
    return pass
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.running
  }

  private async pass(): Promise<string[]> {
    // Vacuum and analyze are separate statements, each by its own threshold, as autovacuum
    // does them: between the two, everyone else gets the session.
    const { rows } = await this.pool.query<{ name: string; vacuum: boolean; analyze: boolean }>(
      // Schema-qualified: pg-boss's tables live in `pgboss`, outside the search path.
      `select quote_ident(schemaname) || '.' || quote_ident(relname) as name,
              n_dead_tup > $1 + $2::float8 * n_live_tup as vacuum,
              n_mod_since_analyze > $1 + $3::float8 * n_live_tup as analyze
       from pg_stat_user_tables
       where n_dead_tup > $1 + $2::float8 * n_live_tup or n_mod_since_analyze > $1 + $3::float8 * n_live_tup`,
      [BASE_ROWS, VACUUM_SHARE, ANALYZE_SHARE],
    )
    for (const { name, vacuum, analyze } of rows) {
      if (vacuum) await this.pool.query(`vacuum ${name}`)
      if (analyze) await this.pool.query(`analyze ${name}`)
    }
    return rows.map((row) => row.name)
  }
}
