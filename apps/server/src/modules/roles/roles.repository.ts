import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { accountRoles, devices, projects, roleDevices, roleProjects, roles } from '../../db/schema'

export type RoleRow = typeof roles.$inferSelect
/** A device a role names one by one, with what the console shows of it. */
export interface RoleDevice {
  id: number
  mac: string
  name: string | null
}
/** A role with what it manages: projects (each with its sub-projects) and devices one by one. */
export type RoleWithScope = RoleRow & { projectIds: number[]; devices: RoleDevice[] }

export function rolesRepository(db: Executor) {
  const projectIdsOf = async (roleIds: number[]) => {
    const byRole = new Map<number, number[]>()
    if (roleIds.length === 0) return byRole
    const rows = await db.select().from(roleProjects).where(inArray(roleProjects.roleId, roleIds))
    for (const row of rows) byRole.set(row.roleId, [...(byRole.get(row.roleId) ?? []), row.projectId])
    return byRole
  }
  const devicesOf = async (roleIds: number[]) => {
    const byRole = new Map<number, RoleDevice[]>()
    if (roleIds.length === 0) return byRole
    const rows = await db
      .select({ roleId: roleDevices.roleId, id: devices.id, mac: devices.mac, name: devices.name })
      .from(roleDevices)
      .innerJoin(devices, eq(devices.id, roleDevices.deviceId))
      .where(inArray(roleDevices.roleId, roleIds))
      .orderBy(devices.id)
    for (const { roleId, ...device } of rows) byRole.set(roleId, [...(byRole.get(roleId) ?? []), device])
    return byRole
  }
  const withScope = async (rows: RoleRow[]): Promise<RoleWithScope[]> => {
    const ids = rows.map((row) => row.id)
    const [projectsByRole, devicesByRole] = await Promise.all([projectIdsOf(ids), devicesOf(ids)])
    return rows.map((row) => ({
      ...row,
      projectIds: (projectsByRole.get(row.id) ?? []).sort((a, b) => a - b),
      devices: devicesByRole.get(row.id) ?? [],
    }))
  }

  return {
    /** The roles bound to an account, with what each manages. */
    async forAccount(accountId: number): Promise<RoleWithScope[]> {
      const rows = await db
        .select({ role: roles })
        .from(accountRoles)
        .innerJoin(roles, eq(roles.id, accountRoles.roleId))
        .where(eq(accountRoles.accountId, accountId))
      return withScope(rows.map((row) => row.role))
    },

    async listForTenant(tenantId: number): Promise<Array<RoleWithScope & { accountCount: number }>> {
      const rows = await db
        .select({ role: roles, accountCount: count(accountRoles.accountId) })
        .from(roles)
        .leftJoin(accountRoles, eq(accountRoles.roleId, roles.id))
        .where(eq(roles.tenantId, tenantId))
        .groupBy(roles.id)
        .orderBy(roles.id)
      const detailed = await withScope(rows.map((row) => row.role))
      return detailed.map((role, index) => ({ ...role, accountCount: rows[index]!.accountCount }))
    },

    async findInTenant(tenantId: number, id: number): Promise<RoleWithScope | undefined> {
      const rows = await db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
      return (await withScope(rows))[0]
    },

    /** The tenant's devices in the given projects or among the given ids, each counted once. */
    async countDevicesOf(tenantId: number, projectIds: number[], deviceIds: number[]): Promise<number> {
      const granted = [
        projectIds.length > 0 ? inArray(devices.projectId, projectIds) : undefined,
        deviceIds.length > 0 ? inArray(devices.id, deviceIds) : undefined,
      ].filter((condition): condition is SQL => condition !== undefined)
      if (granted.length === 0) return 0
      const [row] = await db
        .select({ n: count() })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), or(...granted)))
      return row?.n ?? 0
    },

    /** How many of the given ids are roles of the tenant. */
    async countInTenant(tenantId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0
      const [row] = await db
        .select({ n: count() })
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, ids)))
      return row?.n ?? 0
    },

    async nameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: roles.id })
        .from(roles)
        .where(
          and(
            eq(roles.tenantId, tenantId),
            sql`lower(${roles.name}) = lower(${name})`,
            exceptId === undefined ? undefined : sql`${roles.id} <> ${exceptId}`,
          ),
        )
        .limit(1)
      return rows.length > 0
    },

    async insert(values: typeof roles.$inferInsert): Promise<number> {
      const [row] = await db.insert(roles).values(values).returning({ id: roles.id })
      return row!.id
    },

    async update(id: number, values: Partial<typeof roles.$inferInsert>): Promise<void> {
      await db.update(roles).set(values).where(eq(roles.id, id))
    },

    async remove(id: number): Promise<void> {
      await db.delete(roles).where(eq(roles.id, id))
    },

    async replaceProjects(roleId: number, projectIds: number[]): Promise<void> {
      await db.delete(roleProjects).where(eq(roleProjects.roleId, roleId))
      if (projectIds.length > 0) {
        await db.insert(roleProjects).values(projectIds.map((projectId) => ({ roleId, projectId })))
      }
    },

    async replaceDevices(roleId: number, deviceIds: number[]): Promise<void> {
      await db.delete(roleDevices).where(eq(roleDevices.roleId, roleId))
      if (deviceIds.length > 0) {
        await db.insert(roleDevices).values(deviceIds.map((deviceId) => ({ roleId, deviceId })))
      }
    },

    /** Accounts a role is bound to (their grants change with it). */
    async boundAccountIds(roleId: number): Promise<number[]> {
      const rows = await db
        .select({ accountId: accountRoles.accountId })
        .from(accountRoles)
        .where(eq(accountRoles.roleId, roleId))
      return rows.map((row) => row.accountId)
    },

    async replaceAccountRoles(accountId: number, roleIds: number[]): Promise<void> {
      await db.delete(accountRoles).where(eq(accountRoles.accountId, accountId))
      await db.insert(accountRoles).values(roleIds.map((roleId) => ({ accountId, roleId })))
    },

    /** The roles bound to each of the given accounts, with the projects they manage, in one query. */
    async rolesOfAccounts(accountIds: number[]) {
      const byAccount = new Map<
        number,
        Array<{ id: number; name: string; projects: Array<{ gid: number; name: string }> }>
      >()
      if (accountIds.length === 0) return byAccount
      const rows = await db
        .select({
          accountId: accountRoles.accountId,
          roleId: roles.id,
          roleName: roles.name,
          gid: projects.id,
          projectName: projects.name,
        })
        .from(accountRoles)
        .innerJoin(roles, eq(roles.id, accountRoles.roleId))
        .leftJoin(roleProjects, eq(roleProjects.roleId, roles.id))
        .leftJoin(projects, eq(projects.id, roleProjects.projectId))
        .where(inArray(accountRoles.accountId, accountIds))
        .orderBy(roles.id, projects.id)
      for (const row of rows) {
        const accountRolesList = byAccount.get(row.accountId) ?? []
        let role = accountRolesList.find((candidate) => candidate.id === row.roleId)
        if (!role) {
          role = { id: row.roleId, name: row.roleName, projects: [] }
          accountRolesList.push(role)
          byAccount.set(row.accountId, accountRolesList)
        }
        if (row.gid !== null && row.projectName !== null)
          role.projects.push({ gid: row.gid, name: row.projectName })
      }
      return byAccount
    },
  }
}
