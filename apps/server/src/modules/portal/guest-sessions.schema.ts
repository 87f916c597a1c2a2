import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { tenants } from '../accounts/accounts.schema'
import { devices } from '../devices/devices.schema'
import { projects } from '../projects/projects.schema'

/**
 * A guest's authentication on one device's portal (§2 /auth/detail): issued as a token when the
 * guest logs in (or passes a white list, or roams), `active` once the gateway's WiFiDog `auth`
 * stage=login accepts it, `ended` by a logout, a kick-off, its session length or its validity.
 * The gateway's counters add up its traffic. Never a console session (modules/auth).
 */
export const portalGuestSessions = pgTable(
  'portal_guest_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** the device's project when the guest logged in (group roaming looks there) */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** the SSID key (2g, 5g, vap1-3) */
    target: text('target').notNull(),
    ssid: text('ssid'),
    /** stored form, upper case with colons */
    clientMac: text('client_mac').notNull(),
    clientIp: text('client_ip'),
    /** click, member, sms, whitelist or roaming */
    method: text('method').notNull(),
    /** the member account, or the phone masked as shown (never the whole number) */
    account: text('account'),
    token: text('token').notNull(),
    /** issued, active or ended */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
    /** the end of the strategy's validity (null: permanent) */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** the end of this gateway session (the strategy's session length; null: up to the validity) */
    sessionEndsAt: timestamp('session_ends_at', { withTimezone: true }),
    incomingBytes: bigint('incoming_bytes', { mode: 'number' }).notNull().default(0),
    outgoingBytes: bigint('outgoing_bytes', { mode: 'number' }).notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout, kicked, expired, session */
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('portal_guest_sessions_token_key').on(t.token),
    index('portal_guest_sessions_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('portal_guest_sessions_device_mac_idx').on(t.deviceId, t.clientMac),
    index('portal_guest_sessions_project_mac_idx').on(t.projectId, t.clientMac),
  ],
)
