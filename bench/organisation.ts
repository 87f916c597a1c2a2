// The group tree of a tenant with 2,000 projects and the child list of a tenant with 5,000
// accounts, on the embedded defaults. Target: p99 under 30 ms for each.
// The tenant is seeded with SQL into the data directory, then the built server serves it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type autocannon from 'autocannon'
import pg from 'pg'
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres'
import { api, measureLatency, printTable, requireBuild, startServer } from './support'

const PROJECTS = 2000
const CHILDREN = 5000
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

requireBuild()
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-org-'))
try {
  const owner = { username: 'bench_owner', password: 'bench1234', confirm_password: 'bench1234' }
  const first = await startServer(dataDir)
  await api(first.baseUrl, '/backend/user/register', { ...owner, email: 'owner@bench.test', agreement: true })
  await first.stop()
  await seed(path.join(dataDir, 'pglite'))

  const server = await startServer(dataDir)
  try {
    const { access_token } = await api<{ access_token: string }>(server.baseUrl, '/backend/auth/token', owner)
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }
    const tree = await measure({ url: `${server.baseUrl}/api/backend/workgroup/all?tree=1`, headers })
    const list = await measure({
      url: `${server.baseUrl}/api/backend/user/child/list`,
      method: 'POST',
      headers,
      body: JSON.stringify({ pageIndex: 1, pageOffset: 10 }),
    })
    const search = await measure({
      url: `${server.baseUrl}/api/backend/user/child/list`,
      method: 'POST',
      headers,
      body: JSON.stringify({ pageIndex: 3, pageOffset: 20, keyword: 'child_4' }),
    })
    printTable(`Projects and accounts, ${CONNECTIONS} connections, ${SECONDS} s each (embedded PostgreSQL)`, [
      [`group tree, ${PROJECTS} projects: p99`, `${tree.p99} ms`, '< 30 ms'],
      ['group tree: requests/s', tree.rps.toFixed(0)],
      [`child list, ${CHILDREN} accounts, first page: p99`, `${list.p99} ms`, '< 30 ms'],
      ['child list: requests/s', list.rps.toFixed(0)],
      ['child list, keyword search, page 3 of 20: p99', `${search.p99} ms`, '< 30 ms'],
      ['non-2xx responses (must be 0)', String(tree.errors + list.errors + search.errors)],
    ])
  } finally {
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

function measure(options: autocannon.Options) {
  return measureLatency(options, CONNECTIONS, SECONDS)
}

/** 2,000 projects five levels deep and 5,000 child accounts bound to 20 roles, in one tenant. */
async function seed(pgliteDir: string) {
  const embedded = await startEmbeddedPostgres(pgliteDir)
  const client = new pg.Client({ connectionString: embedded.url })
  await client.connect()
  try {
    const { rows } = await client.query(
      "select a.tenant_id, a.password_hash, p.id as root from accounts a join projects p on p.tenant_id = a.tenant_id and p.is_default where a.username = 'bench_owner'",
    )
    const { tenant_id: tenant, password_hash: hash, root } = rows[0]
    // Levels of 5, 20, 100, 400 and 1,474 projects: each hangs under one of the level above.
    const levels = [5, 20, 100, 400, PROJECTS - 1 - 525]
    let parents: number[] = [root]
    for (const [index, size] of levels.entries()) {
      const inserted = await client.query(
        `insert into projects (tenant_id, parent_id, name, depth)
         select $1, ($2::int[])[1 + (g % array_length($2::int[], 1))], 'p' || $3::int || '_' || g, $3::smallint
         from generate_series(1, $4) g returning id`,
        [tenant, parents, index + 2, size],
      )
      parents = inserted.rows.map((row) => row.id)
    }
    const roles = await client.query(
      `insert into roles (tenant_id, name, menus, device_functions)
       select $1, 'role' || g, array['device','project'], array['view','reboot']
       from generate_series(1, 20) g returning id`,
      [tenant],
    )
    const roleIds = roles.rows.map((row) => row.id)
    await client.query(
      `insert into role_projects (role_id, project_id)
       select r, (select id from projects where tenant_id = $1 and depth = 3 order by id offset (r % 20) limit 1)
       from unnest($2::int[]) r`,
      [tenant, roleIds],
    )
    const children = await client.query(
      `insert into accounts (tenant_id, username, password_hash, nickname, email, is_primary, level)
       select $1, 'child_' || g, $2, 'Child ' || g, 'child' || g || '@bench.test', false, 1 + (g % 2)
       from generate_series(1, $3) g returning id`,
      [tenant, hash, CHILDREN],
    )
    await client.query(
      `insert into account_roles (account_id, role_id)
       select a, ($2::int[])[1 + (a % 20)] from unnest($1::int[]) a`,
      [children.rows.map((row) => row.id), roleIds],
    )
    await client.query('analyze')
  } finally {
    await client.end()
    await embedded.stop()
  }
}
