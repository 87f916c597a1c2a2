import { randomUUID } from 'node:crypto'
import pg from 'pg'

/** Something another instance's cached state may depend on. */
export type ChangeEvent =
  | { kind: 'account'; id: number }
  | { kind: 'session'; id: string }
  /** a child account was added to a tenant */
  | { kind: 'children'; tenantId: number }
  /** the project tree of a tenant changed */
  | { kind: 'projects'; tenantId: number }
  /** a device was registered again, bound, moved, unbound or deleted */
  | { kind: 'device'; thing: string }
  /** a tenant's alarm settings changed (modules/alarms) */
  | { kind: 'alarmSettings'; tenantId: number }
  /** these accounts' system messages changed: their unread counts (the notice sockets' badges) */
  | { kind: 'unread'; accountIds: number[] }

type Handler = (event: ChangeEvent) => void

const CHANNEL = 'canopy_changes'

/**
 * Tells every server instance that an account, a session or a tenant's project tree changed, so
 * their caches drop it.
 * Handlers run at once in this instance; with a PostgreSQL server, other instances hear it
 * through LISTEN/NOTIFY. The embedded database serves a single instance (pglite-socket does not
 * carry notifications between connections), so there it stays local.
 */
export class ChangeFeed {
  private readonly handlers: Handler[] = []
  private readonly instanceId = randomUUID()
  private listener: pg.Client | undefined

  constructor(private readonly pool: pg.Pool | undefined) {}

  onChange(handler: Handler): void {
    this.handlers.push(handler)
  }

  async start(connectionString: string): Promise<void> {
    if (!this.pool) return
    const listener = new pg.Client({ connectionString })
    // Not reconnected (not built yet): until this instance restarts it does not hear other
    // instances' changes. Said on stderr so that an operator sees it.
    listener.on('error', (error) =>
      console.error(
        `change feed: the LISTEN connection failed; other instances' changes are not heard until a restart: ${error.message}`,
      ),
    )
    listener.on('notification', (message) => {
      if (!message.payload) return
      const { from, event } = JSON.parse(message.payload) as { from: string; event: ChangeEvent }
      if (from !== this.instanceId) this.dispatch(event)
    })
    await listener.connect()
    await listener.query(`LISTEN ${CHANNEL}`)
    this.listener = listener
  }

  async publish(event: ChangeEvent): Promise<void> {
    this.dispatch(event)
    if (this.pool) {
      const payload = JSON.stringify({ from: this.instanceId, event })
      await this.pool.query('select pg_notify($1, $2)', [CHANNEL, payload])
    }
  }

  async stop(): Promise<void> {
    await this.listener?.end()
  }

  private dispatch(event: ChangeEvent): void {
    for (const handler of this.handlers) handler(event)
  }
}
