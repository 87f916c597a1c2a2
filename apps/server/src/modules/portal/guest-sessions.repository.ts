import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { devices, portalDeviceSettings, portalGuestSessions, portalStrategies } from '../../db/schema'

export type GuestSessionRow = typeof portalGuestSessions.$inferSelect
/** A session as a login issues it (its token not yet taken by the gateway). */
export type IssuedSession = Pick<
  typeof portalGuestSessions.$inferInsert,
  'tenantId' | 'deviceId' | 'projectId' | 'target' | 'clientMac' | 'clientIp' | 'method' | 'account' | 'token'
> & { expiresAt: Date | null }

/** A token's session as a gateway's auth stage reads it (`forGatewayAuth`). */
export interface GatewayAuthRow {
  session: GuestSessionRow
  thing: string
  sessionMinutes: number | null
}

/** Which guests' authentications a list reads: a tenant's, maybe only some devices', and the filters. */
export interface GuestSessionQuery {
  tenantId: number
  /** only these devices (a child's scope); undefined: the whole tenant */
  deviceIds?: number[] | undefined
  deviceId?: number | undefined
  /** upper-case hex digits the client's MAC holds, in order */
  macDigits?: string | undefined
  method?: string | undefined
  status?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
}

function conditions(query: GuestSessionQuery): SQL {
  const t = portalGuestSessions
  const parts: SQL[] = [eq(t.tenantId, query.tenantId)]
  if (query.deviceIds) parts.push(query.deviceIds.length ? inArray(t.deviceId, query.deviceIds) : sql`false`)
  if (query.deviceId !== undefined) parts.push(eq(t.deviceId, query.deviceId))
  if (query.macDigits) parts.push(sql`replace(${t.clientMac}, ':', '') like ${`%${query.macDigits}%`}`)
  if (query.method) parts.push(eq(t.method, query.method))
  if (query.status) parts.push(eq(t.status, query.status))
  if (query.from) parts.push(gte(t.createdAt, query.from))
  if (query.to) parts.push(lt(t.createdAt, query.to))
  return and(...parts)!
}

/** Guests' authentications on devices' portals (SQL only). */
export function guestSessionsRepository(db: Executor) {
  return {
    /**
     * Many issued sessions in one statement (grouped logins). One array a column: the statement's
     * text is the same for any number of rows, cheap to build and to parse at a thousand a second.
     */
    async insertMany(sessions: IssuedSession[]): Promise<undefined[]> {
      const column = (field: (session: IssuedSession) => unknown) => sql.param(sessions.map(field))
      await db.execute(
        sql`insert into ${portalGuestSessions} (tenant_id, device_id, project_id, target, client_mac, client_ip,
              method, account, token, expires_at, status)
            select v.*, 'issued' from unnest(
              ${column((one) => one.tenantId)}::integer[], ${column((one) => one.deviceId)}::integer[],
              ${column((one) => one.projectId)}::integer[], ${column((one) => one.target)}::text[],
              ${column((one) => one.clientMac)}::text[], ${column((one) => one.clientIp)}::text[],
              ${column((one) => one.method)}::text[], ${column((one) => one.account)}::text[],
              ${column((one) => one.token)}::text[], ${column((one) => one.expiresAt?.toISOString() ?? null)}::timestamptz[]
            ) as v`,
      )
      return sessions.map(() => undefined)
    },

    async page(query: GuestSessionQuery, window: { limit: number; offset: number }) {
      const where = conditions(query)
      const [totals] = await db.select({ n: count() }).from(portalGuestSessions).where(where)
      const rows = await db
        .select()
        .from(portalGuestSessions)
        .where(where)
        .orderBy(desc(portalGuestSessions.id))
        .limit(window.limit)
        .offset(window.offset)
      return { total: totals?.n ?? 0, rows }
    },

    async findInTenant(tenantId: number, id: number): Promise<GuestSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(portalGuestSessions)
        .where(and(eq(portalGuestSessions.tenantId, tenantId), eq(portalGuestSessions.id, id)))
      return row
    },

    /**
     * A kick-off: the session ends, and the client is remembered no more anywhere in the tenant
     * (its other sessions' validity ends now, so their gateways' next counters answer 0 and its
     * next visit meets the page).
     */
    async kick(session: GuestSessionRow, now: Date): Promise<void> {
      const t = portalGuestSessions
      await db
        .update(t)
        .set({
          status: 'ended',
          endReason: 'kicked',
          endedAt: sql`coalesce(${t.endedAt}, ${now})`,
          expiresAt: now,
        })
        .where(eq(t.id, session.id))
      await db
        .update(t)
        .set({ expiresAt: now })
        .where(
          and(
            eq(t.tenantId, session.tenantId),
            eq(t.clientMac, session.clientMac),
            or(isNull(t.expiresAt), gt(t.expiresAt, now)),
          ),
        )
    },

    /**
     * Gateways' auth stages, the tokens asked about together in one statement: the session of each
     * token found, the thing name of its device (the gateway must be that device) and the session
     * length of the strategy its SSID has now (null when the SSID's portal has none).
     *
     * Unnamed, so planned each time, unlike the login's other reads: every login adds a row to
     * this table, and a named statement's generic plan, made while the table was a page or two,
     * stays a sequential scan until the next analyze (a fresh server's first minute: 2.6 → 40 ms
     * a read over 40,000 logins). Planned with the table's size of the moment it takes the index.
     */
    async forGatewayAuth(tokens: string[]): Promise<GatewayAuthRow[]> {
      return gatewayAuthOf(db, tokens)
    },

    /**
     * The latest authentication of a client the cloud still remembers (its validity not over, not
     * kicked off): on this device, or on any device of the project when it roams.
     */
    async remembered(
      where: { deviceId: number } | { projectId: number },
      clientMac: string,
      now: Date,
    ): Promise<GuestSessionRow | undefined> {
      const place =
        'deviceId' in where
          ? eq(portalGuestSessions.deviceId, where.deviceId)
          : eq(portalGuestSessions.projectId, where.projectId)
      const [row] = await db
        .select()
        .from(portalGuestSessions)
        .where(
          and(
            place,
            eq(portalGuestSessions.clientMac, clientMac),
            isNotNull(portalGuestSessions.authenticatedAt),
            or(isNull(portalGuestSessions.expiresAt), gt(portalGuestSessions.expiresAt, now)),
          ),
        )
        .orderBy(desc(portalGuestSessions.id))
        .limit(1)
      return row
    },

    /**
     * Many gateways' logins at once, in one statement (grouped): each issued session becomes
     * active at its own time with its own session end. A session no longer issued is left alone.
     */
    async activateMany(
      activations: Array<{ id: number; now: Date; sessionEndsAt: Date | null }>,
    ): Promise<undefined[]> {
      const column = (field: (activation: (typeof activations)[number]) => unknown) =>
        sql.param(activations.map(field))
      await db.execute(
        sql`update ${portalGuestSessions} set status = 'active', authenticated_at = v.now, session_ends_at = v.ends
            from unnest(${column((one) => one.id)}::integer[], ${column((one) => one.now.toISOString())}::timestamptz[],
              ${column((one) => one.sessionEndsAt?.toISOString() ?? null)}::timestamptz[]) as v(id, now, ends)
            where ${portalGuestSessions.id} = v.id and ${portalGuestSessions.status} = 'issued'`,
      )
      return activations.map(() => undefined)
    },

    /** The gateway's counters are totals of the session: the larger figure is kept. */
    async count(id: number, incoming: number, outgoing: number, ip: string | null): Promise<void> {
      await db
        .update(portalGuestSessions)
        .set({
          incomingBytes: sql`greatest(${portalGuestSessions.incomingBytes}, ${incoming})`,
          outgoingBytes: sql`greatest(${portalGuestSessions.outgoingBytes}, ${outgoing})`,
          ...(ip ? { clientIp: ip } : {}),
        })
        .where(eq(portalGuestSessions.id, id))
    },

    async end(id: number, reason: string, now: Date): Promise<void> {
      await db
        .update(portalGuestSessions)
        .set({ status: 'ended', endReason: reason, endedAt: now })
        .where(and(eq(portalGuestSessions.id, id), sql`${portalGuestSessions.status} <> 'ended'`))
    },
  }
}

function gatewayAuthOf(db: Executor, tokens: string[]): Promise<GatewayAuthRow[]> {
  const t = portalGuestSessions
  return db
    .select({ session: t, thing: devices.thingName, sessionMinutes: portalStrategies.sessionMinutes })
    .from(t)
    .innerJoin(devices, eq(devices.id, t.deviceId))
    .leftJoin(
      portalDeviceSettings,
      and(eq(portalDeviceSettings.deviceId, t.deviceId), eq(portalDeviceSettings.target, t.target)),
    )
    .leftJoin(
      portalStrategies,
      and(
        eq(portalStrategies.id, portalDeviceSettings.strategyId),
        eq(portalStrategies.tenantId, t.tenantId),
      ),
    )
    .where(sql`${t.token} = any(${sql.param(tokens)}::text[])`)
}
