import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { devices } from '../devices/devices.schema'

/**
 * openNDS FAS level 3: the guests Canopy let in, waiting for their gateway's authmon to fetch them
 * (docs/protocol.md, "Guests: openNDS FAS"). A gateway behind NAT cannot be reached, so it polls;
 * the row stays, acknowledged, so the guest's waiting page can tell that the gateway took it.
 */
export const portalOpenNdsAuthQueue = pgTable(
  'portal_opennds_auth_queue',
  {
    /** sha256 of the gateway's url-encoded GatewayName: what authmon names itself by */
    gatewayHash: text('gateway_hash').notNull(),
    /** sha256(hid + faskey): the client as `ndsctl auth` takes it */
    rhid: text('rhid').notNull(),
    /** the line authmon hands to `ndsctl auth`: rhid, session minutes, rates, quotas, custom */
    entry: text('entry').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /** when authmon reported `ndsctl auth` done (null: still waiting) */
    ackedAt: timestamp('acked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.gatewayHash, t.rhid] }),
    index('portal_opennds_auth_queue_queued_idx').on(t.queuedAt),
  ],
)
