import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalGuestSessions } from '../../db/schema'

export type GuestSessionRow = typeof portalGuestSessions.$inferSelect
export type GuestSessionValues = typeof portalGuestSessions.$inferInsert

/** Guests' authentications on devices' portals (SQL only). */
export function guestSessionsRepository(db: Executor) {
  return {
    async insert(values: GuestSessionValues): Promise<GuestSessionRow> {
      const [row] = await db.insert(portalGuestSessions).values(values).returning()
      return row!
    },

    async byToken(token: string): Promise<GuestSessionRow | undefined> {
      const [row] = await db.select().from(portalGuestSessions).where(eq(portalGuestSessions.token, token))
      return row
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

    async activate(id: number, now: Date, sessionEndsAt: Date | null): Promise<void> {
      await db
        .update(portalGuestSessions)
        .set({ status: 'active', authenticatedAt: now, sessionEndsAt })
        .where(and(eq(portalGuestSessions.id, id), eq(portalGuestSessions.status, 'issued')))
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
