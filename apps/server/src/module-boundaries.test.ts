import { describe, expect, it } from 'vitest'
import { boundaryViolations, tablesInSql } from './module-boundaries'

/**
 * Invariant 10 (docs/ARCHITECTURE.md): another area's tables are reached through its service,
 * never its repository, and a repository queries only its own area's tables. What broke the
 * rule before it existed is listed here, each with why it is still so; the list only shrinks:
 * a new violation fails, and so does an entry that no longer occurs (remove it).
 */
const ALLOWED: Record<string, string> = {
  // The gateway's device-facing hot paths write the devices area's rows in their own batched
  // statements (presence, telemetry, credentials checked per connection): to move behind a
  // devices-area ingest repository, measured by bench/devices-embedded.ts.
  'gateway/device-credentials.ts -> devices': 'credential check per device connection',
  'gateway/presence.ts -> device_metrics_latest': 'presence batch writes',
  'gateway/presence.ts -> devices': 'presence batch writes',
  'gateway/telemetry-ingest.ts -> device_metrics_latest': 'batched telemetry ingest',
  'gateway/telemetry-ingest.ts -> devices': 'batched telemetry ingest',
  'gateway/telemetry-ingest.ts -> device_metrics': 'batched telemetry ingest',

  // Accounts: the `accounts` and `tenants` tables sit in modules/accounts/accounts.schema.ts while
  // their repository is modules/users/accounts.repository.ts, which every area signing in or
  // naming an account uses. Moving the schema file touches every schema's foreign keys (firmware
  // and upgrades were being written against it): a move of its own, then a UsersService read API.
  'modules/users/accounts.repository.ts -> accounts': 'schema file in modules/accounts',
  'modules/users/accounts.repository.ts -> tenants': 'schema file in modules/accounts',
  'modules/accounts/child-accounts.service.ts -> modules/users/accounts.repository.ts': 'accounts repository',
  'modules/auth/auth.service.ts -> modules/users/accounts.repository.ts': 'accounts repository',
  'modules/operator/operator.service.ts -> modules/users/accounts.repository.ts': 'accounts repository',
  'modules/wechat/wechat.service.ts -> modules/users/accounts.repository.ts': 'accounts repository',
  'modules/auth/sessions.repository.ts -> accounts':
    'a session is valid only while its account is enabled: one join',
  'modules/devices/tenants.repository.ts -> tenants':
    "a tenant's device limit (binding reads it, the operator sets it)",
  'modules/upgrades/upgrades.repository.ts -> accounts': "the upgrade log names the order's creator",

  // Sessions are revoked in the same transaction as the change that ends them (password change,
  // child disabled or deleted): the repository takes that transaction.
  'modules/accounts/child-accounts.service.ts -> modules/auth/sessions.repository.ts':
    'revocation in the same transaction',
  'modules/users/password-reset.service.ts -> modules/auth/sessions.repository.ts':
    'revocation in the same transaction',
  'modules/users/users.service.ts -> modules/auth/sessions.repository.ts':
    'revocation in the same transaction',
  'modules/users/password-resets.repository.ts -> password_resets':
    'table kept in auth.schema.ts with the other credentials',

  // A guest's login is on the gateway's hot path (bench/guest-logins.ts): the gateway's device is
  // read joined with its portal settings, and a session token with its device's thing name, in
  // one statement each instead of a devices-service call per login.
  'modules/portal/guest-gateway.repository.ts -> devices':
    "a guest login reads the gateway's device with its portals",
  'modules/portal/guest-sessions.repository.ts -> devices':
    "a guest's auth stage reads its token with the device's name",

  // Scope: which projects and devices a role grants is read (and locked) with the rows it scopes,
  // in one statement or transaction; a roles/projects scope service is the way out.
  'modules/access/grants.ts -> modules/roles/roles.repository.ts': "grants are read from the account's roles",
  'modules/accounts/child-accounts.service.ts -> modules/roles/roles.repository.ts':
    "a child's roles, same transaction",
  'modules/devices/devices.repository.ts -> role_devices': 'device list filtered by granted devices in SQL',
  'modules/devices/devices.repository.ts -> projects': 'device list joins project names and subtrees in SQL',
  'modules/projects/projects.repository.ts -> account_roles': 'visible projects filtered by grants in SQL',
  'modules/projects/projects.repository.ts -> role_projects': 'visible projects filtered by grants in SQL',
  'modules/roles/roles.repository.ts -> devices':
    "a role's devices listed with their MAC and name (one join)",
  'modules/roles/roles.repository.ts -> projects': "a role's projects listed with theirs (one join)",
  'modules/roles/roles.service.ts -> modules/devices/devices.repository.ts':
    "a role's devices checked in its transaction",
  'modules/roles/roles.service.ts -> modules/projects/projects.repository.ts':
    "a role's projects checked in its transaction",
  'modules/projects/projects.service.ts -> modules/devices/devices.repository.ts':
    'delete guard (devices in it), same transaction',
  'modules/users/users.service.ts -> modules/projects/projects.repository.ts':
    "a new tenant's root project, same transaction",

  // The device list shows each device's shadow state and traffic in one query (p99 < 100 ms at
  // 10,000 devices, bench/devices-embedded.ts); the housekeeping files traffic on its timer.
  'modules/devices/devices.repository.ts -> device_traffic_hourly': 'device list sort by traffic, one query',
  'modules/devices/devices.repository.ts -> device_shadows': 'device list columns from the shadow, one query',
  'modules/devices/housekeeping.ts -> modules/traffic/traffic.repository.ts':
    'files and prunes traffic on its timer',
  'modules/devices/housekeeping.ts -> modules/traffic/traffic-rollup.repository.ts':
    'prunes rollups on its timer',
  'modules/traffic/traffic.repository.ts -> device_metrics':
    "throughput is computed from the devices' samples in SQL",

  // The operator API (products import, device limits) predates the services it should call.
  'modules/operator/operator.service.ts -> modules/devices/devices.repository.ts': 'operator API',
  'modules/operator/operator.service.ts -> modules/devices/products.repository.ts': 'operator API',
  'modules/operator/operator.service.ts -> modules/devices/tenants.repository.ts': 'operator API',
  'modules/operator/operator.service.ts -> products': 'operator API',
  'modules/operator/operator.service.ts -> devices': 'operator API',

  // The executions model (issue 13): every operation's per-device work is one table, job_executions,
  // whose `jobs` channel is the Jobs API's (gateway/jobs) and whose other channels are written and
  // read by the operation log; a settings section's state is its change's execution.
  'modules/operations/operations.repository.ts -> job_executions':
    "the operation log's executions: written, settled and counted per operation in SQL",
  'modules/settings/settings.repository.ts -> job_executions':
    "a section's state is its change's execution: read (and locked) with its row in one join",
  'modules/operations/operations.repository.ts -> accounts':
    "a job's operation names its creator (one subselect)",
  'gateway/jobs/jobs.repository.ts -> devices':
    "each execution with its device's thing name; a removed device's executions left out (one join)",
  // relation/users: the accounts that see a device, one query over roles and grants; to move
  // behind a roles scope service with the other scope reads.
  'modules/devices/device-control.service.ts -> accounts': 'relation/users, one query',
  'modules/devices/device-control.service.ts -> account_roles': 'relation/users, one query',
  'modules/devices/device-control.service.ts -> role_devices': 'relation/users, one query',
  'modules/devices/device-control.service.ts -> role_projects': 'relation/users, one query',

  // Upgrade orders read the devices they target, locked in the order's transaction.
  'modules/upgrades/upgrades.repository.ts -> modules/devices/devices.repository.ts':
    'devices locked with the order',
  'modules/upgrades/upgrades.repository.ts -> devices': "the order's devices and their firmware in SQL",
}

const key = (violation: { file: string; what: string }) => `${violation.file} -> ${violation.what}`

describe('module boundaries', () => {
  const violations = boundaryViolations()
  const found = new Set(violations.map(key))

  it('finds no new import of another area’s repository and no new query of another area’s tables', () => {
    const unexpected = violations
      .filter((violation) => !(key(violation) in ALLOWED))
      .map((violation) => `${key(violation)} (${violation.rule}, owned by ${violation.owner})`)
    expect(unexpected).toEqual([])
  })

  it('lists no allowed violation that is gone', () => {
    expect(Object.keys(ALLOWED).filter((entry) => !found.has(entry))).toEqual([])
  })

  it('reads the tables raw SQL names, comments left out', () => {
    const tables = new Map([
      ['devices', 'modules/devices'],
      ['job_executions', 'gateway/jobs'],
      ['projects', 'modules/projects'],
      ['accounts', 'modules/accounts'],
    ])
    const text = [
      '// from accounts a',
      'sql`select 1 from job_executions e join devices d on d.id = e.device_id`',
      // an interpolation, as drizzle's templates carry them
      `sql\`select * from due, projects p where $\{sql.param(1)} = p.id\``,
      'sql`update devices set x = 1`',
    ].join('\n')
    expect([...tablesInSql(text, tables)].sort()).toEqual(['devices', 'job_executions', 'projects'])
  })
})
