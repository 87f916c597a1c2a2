import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A tenant is one primary account's world: its child accounts, projects and devices. */
export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** how many devices the tenant may bind (§8 600000104); null means the configured default */
  deviceLimit: integer('device_limit'),
  createdAt: createdAt(),
})

export const ACCOUNT_ENABLED = 1
export const ACCOUNT_DISABLED = 0

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname'),
    email: text('email'),
    countryCode: text('country_code'),
    phone: text('phone'),
    address: text('address'),
    status: smallint('status').notNull().default(ACCOUNT_ENABLED),
    isPrimary: boolean('is_primary').notNull(),
    level: smallint('level').notNull().default(0),
    isDeveloper: boolean('is_developer').notNull().default(false),
    wechatOpenId: text('wechat_open_id'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_phone_key').on(t.countryCode, t.phone),
    // The child list: a tenant's children, newest first.
    index('accounts_tenant_children_idx').on(t.tenantId, t.isPrimary, t.id),
  ],
)

/** Projects (work groups, §3). The tree itself is managed from the projects issue on. */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    address: text('address'),
    director: text('director'),
    remark: text('remark'),
    depth: smallint('depth').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('projects_tenant_parent_idx').on(t.tenantId, t.parentId),
    // A project with sub-projects cannot be deleted: the service says so first, this makes sure.
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'projects_parent_fk' }),
  ],
)

/**
 * A role (§3, §6): the console sections and device functions it grants, over the projects it
 * manages (with their sub-projects). A guest role grants viewing only.
 */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    menus: text('menus').array().notNull(),
    deviceFunctions: text('device_functions').array().notNull(),
    isGuest: boolean('is_guest').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
)

export const roleProjects = pgTable(
  'role_projects',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    // The service refuses to delete a project a bound role manages; otherwise the grant goes with it.
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.projectId] }),
    index('role_projects_project_idx').on(t.projectId),
  ],
)

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // A role bound to an account cannot be deleted (§6).
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_roles_role_idx').on(t.roleId)],
)

/** A QR code shown to bind an account's WeChat: the scene WeChat echoes back when scanned. */
export const wechatBindRequests = pgTable('wechat_bind_requests', {
  scene: text('scene').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/** Short-lived credentials for outside services (the WeChat access token), shared by instances. */
export const integrationTokens = pgTable('integration_tokens', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/**
 * A login session: one family of rotating refresh tokens. Revoking it ends every token of the
 * family, including access tokens already handed out (they carry the session id).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_account_idx').on(t.accountId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** sha256 of the token: the token itself is never stored */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_account_idx').on(t.accountId)],
)

/** Secrets the cluster shares (token signing key), generated on first start. */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/**
 * The product catalogue (§3 "Device" model; managed by platform operators with the CLI). Devices
 * are recognised by MAC prefix; a factory-fresh device registers with its product's key and
 * secret (docs/protocol.md, "Provisioning").
 */
export const products = pgTable('products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  model: text('model').notNull().unique(),
  name: text('name').notNull(),
  /** ap, gateway, repeater, router4g */
  type: text('type').notNull(),
  published: boolean('published').notNull().default(false),
  capabilities: text('capabilities').array().notNull(),
  /** upper-case, colon-separated MAC prefixes this product's devices are made with */
  macPrefixes: text('mac_prefixes').array().notNull(),
  productKey: text('product_key').notNull().unique(),
  productSecret: text('product_secret').notNull(),
  /** what the model's settings may be: radios with channels per region, bandwidths, user limits */
  options: jsonb('options').notNull().default({}),
  createdAt: createdAt(),
})

/** A device's cloud identity, and — once bound — its place in a tenant's project tree. */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mac: text('mac').notNull().unique(),
    thingName: text('thing_name').notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** sha256 of the device's MQTT secret (256 random bits: no slow hash needed) */
    secretHash: text('secret_hash').notNull(),
    /** the hash of its management account and password, as the device reports it */
    managementCredential: text('management_credential'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    projectId: integer('project_id').references(() => projects.id),
    name: text('name'),
    remark: text('remark'),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    status: text('status').notNull().default('offline'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** when the device last said it is online (its telemetry's time is device_metrics_latest.at) */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    firmware: text('firmware'),
    /** seconds between telemetry messages, as the device announced */
    telemetryInterval: integer('telemetry_interval'),
    /** the regulatory region the device reports (its WiFi channels depend on it) */
    region: text('region'),
    /** what the list's keyword matches (name or MAC), lower-cased once: LIKE on it is ~5× cheaper than ILIKE on both */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(coalesce(name, '') || ' ' || mac)`),
  },
  // Telemetry does not rewrite these rows (so the list's counts stay index-only); a status
  // message's last_seen_at is in no index, so that update stays heap-only (HOT).
  (t) => [
    index('devices_tenant_project_idx').on(t.tenantId, t.projectId),
    // The list's total: an index-only count for the usual filters.
    index('devices_list_filter_idx').on(t.tenantId, t.status, t.productId, t.projectId),
    index('devices_tenant_id_idx').on(t.tenantId, t.id),
    // The keyword search: LIKE '%…%' on name and MAC, served by trigrams (pg_trgm).
    index('devices_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
)

/** Devices a role manages one by one, beside the projects it manages (§6). */
export const roleDevices = pgTable(
  'role_devices',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deviceId] }), index('role_devices_device_idx').on(t.deviceId)],
)

/**
 * The latest telemetry of each device: one row per device from its registration on (empty until
 * it reports), rewritten as it reports. Because every device has its row, the list can sort by
 * clients or uptime by walking these indexes and stop after the page.
 */
export const deviceMetricsLatest = pgTable(
  'device_metrics_latest',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }),
    cpu: real('cpu'),
    mem: real('mem'),
    clients: integer('clients'),
    uptime: bigint('uptime', { mode: 'number' }),
    telemetry: jsonb('telemetry'),
  },
  (t) => [
    index('device_metrics_latest_clients_idx').on(t.clients.desc().nullsLast(), t.deviceId.desc()),
    index('device_metrics_latest_uptime_idx').on(t.uptime.desc().nullsLast(), t.deviceId.desc()),
  ],
)

/**
 * Telemetry history for charts: one sample per device per sampling interval, kept for a while.
 * Byte counters are kept as the device reported them (null when it reports none); throughput is
 * computed from two samples' difference (traffic.repository.ts), the uptime telling a restart.
 */
export const deviceMetrics = pgTable(
  'device_metrics',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    cpu: real('cpu').notNull(),
    mem: real('mem').notNull(),
    clients: integer('clients').notNull(),
    uptime: bigint('uptime', { mode: 'number' }),
    wanRx: bigint('wan_rx', { mode: 'number' }),
    wanTx: bigint('wan_tx', { mode: 'number' }),
    /** the radios of a band added up */
    radio2gRx: bigint('radio2g_rx', { mode: 'number' }),
    radio2gTx: bigint('radio2g_tx', { mode: 'number' }),
    radio5gRx: bigint('radio5g_rx', { mode: 'number' }),
    radio5gTx: bigint('radio5g_tx', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.at] }), index('device_metrics_at_idx').on(t.at)],
)

/** Online clients per project over time (home chart), summed from the latest telemetry. */
export const clientCounts = pgTable(
  'client_counts',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    clients: integer('clients').notNull(),
    onlineDevices: integer('online_devices').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.projectId, t.at] }), index('client_counts_at_idx').on(t.at)],
)

/**
 * WAN bytes per project and sampling interval (the home page's traffic chart): the housekeeping
 * adds up its devices' counter differences for the interval ending at `at`, so a chart over a
 * large fleet reads one row per project and interval instead of every device's samples.
 */
export const projectTraffic = pgTable(
  'project_traffic',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    rxBytes: bigint('rx_bytes', { mode: 'number' }).notNull(),
    txBytes: bigint('tx_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.projectId, t.at] }), index('project_traffic_at_idx').on(t.at)],
)

/** The AWS IoT Device Shadow of each device (classic, unnamed). */
export const deviceShadows = pgTable('device_shadows', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  desired: jsonb('desired').notNull(),
  reported: jsonb('reported').notNull(),
  metadata: jsonb('metadata').notNull(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * AWS IoT Jobs (long operations: firmware upgrade, config backup and restore, log upload,
 * neighbour scan). A job targets devices; each device runs an execution of it, reported through
 * the Jobs MQTT API; fine-grained phases travel in statusDetails.
 */
export const jobs = pgTable(
  'jobs',
  {
    jobId: text('job_id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** upgrade, backup, restore, log, scan */
    operation: text('operation').notNull(),
    /** the job document devices receive */
    document: jsonb('document').notNull(),
    /** IN_PROGRESS, CANCELED, DELETION_IN_PROGRESS, COMPLETED, SCHEDULED */
    status: text('status').notNull(),
    /** rollout rate, abort criteria, timeout, retries, modelled on AWS IoT Jobs */
    executionPolicy: jsonb('execution_policy').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('jobs_tenant_created_idx').on(t.tenantId, t.createdAt)],
)

export const jobExecutions = pgTable(
  'job_executions',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.jobId, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    executionNumber: integer('execution_number').notNull(),
    /** QUEUED, IN_PROGRESS, SUCCEEDED, FAILED, TIMED_OUT, REJECTED, REMOVED, CANCELED */
    status: text('status').notNull(),
    statusDetails: jsonb('status_details').notNull(),
    versionNumber: integer('version_number').notNull(),
    retryAttempt: integer('retry_attempt').notNull().default(0),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** when an IN_PROGRESS execution times out: the job's in-progress timeout, from its start */
    inProgressTimeoutAt: timestamp('in_progress_timeout_at', { withTimezone: true }),
    /** when an IN_PROGRESS execution times out: the device's step timeout, from its last update */
    stepTimeoutAt: timestamp('step_timeout_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.deviceId, t.executionNumber] }),
    index('job_executions_device_status_idx').on(t.deviceId, t.status),
    // The timeout sweep reads only running executions with a timer, whichever timer it is.
    index('job_executions_in_progress_timeout_idx')
      .on(t.inProgressTimeoutAt)
      .where(sql`${t.status} = 'IN_PROGRESS' and ${t.inProgressTimeoutAt} is not null`),
    index('job_executions_step_timeout_idx')
      .on(t.stepTimeoutAt)
      .where(sql`${t.status} = 'IN_PROGRESS' and ${t.stepTimeoutAt} is not null`),
    // Whether a job still has work pending, without reading its finished executions.
    index('job_executions_pending_idx').on(t.jobId).where(sql`${t.status} in ('QUEUED', 'IN_PROGRESS')`),
  ],
)

/**
 * Where each settings section of a device stands (pending → applying → in sync, or failed with
 * the device's reason), with what it was before, so a change can be retried or reverted.
 */
export const deviceSettings = pgTable(
  'device_settings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** system, network, wifi, repeater */
    section: text('section').notNull(),
    /** pending (device offline), applying, in_sync, failed */
    status: text('status').notNull(),
    reason: text('reason'),
    /** the section as it was before the change (secrets left out), for revert */
    previous: jsonb('previous'),
    /**
     * what the device must report for the change to be in sync: the change's values, secrets as
     * the hashes a device reports (null only on rows from before it was kept)
     */
    expected: jsonb('expected'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    operationId: integer('operation_id'),
    /** the shadow version the change was written as: a device's failure names the version it refused */
    desiredVersion: integer('desired_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.section] })],
)

/** The operation log (§3 "Operation and upgrade logs"): who did what, to which devices, and how it went. */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** the account name at the time, kept when the account goes */
    accountName: text('account_name').notNull(),
    /** e.g. device.setwifi, device.restart, device.bind */
    action: text('action').notNull(),
    /** what changed: {before, after} or the command's parameters (secrets left out) */
    detail: jsonb('detail').notNull(),
    /** pending, success, failed, partial */
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operation_logs_tenant_created_idx').on(t.tenantId, t.createdAt)],
)

/** Each device an operation touched, and how it went for that device (batch progress). */
export const operationTargets = pgTable(
  'operation_targets',
  {
    operationId: integer('operation_id')
      .notNull()
      .references(() => operationLogs.id, { onDelete: 'cascade' }),
    // No foreign key: the log outlives the devices it names (their MAC says which).
    deviceId: integer('device_id').notNull(),
    mac: text('mac').notNull(),
    /** pending, applying, success, failed */
    status: text('status').notNull(),
    reason: text('reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.operationId, t.deviceId] }),
    index('operation_targets_device_idx').on(t.deviceId),
  ],
)
