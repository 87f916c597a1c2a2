import { ErrorCode } from '@canopy/shared/errors'
import { subtreeIds } from '@canopy/shared/project-tree'
import type { RoleAddRequest, RoleSaveRequest } from '@canopy/shared/validation'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database, Executor } from '../../db/client'
import { violatedUniqueConstraint } from '../../db/errors'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import { devicesRepository } from '../devices/devices.repository'
import { type ProjectRow, projectsRepository } from '../projects/projects.repository'
import { type RoleDevice, type RoleWithScope, rolesRepository } from './roles.repository'

/** A role as the account-management page shows it (§3 "Role"). */
export interface RoleView {
  id: number
  name: string
  menus: string[]
  device_functions: string[]
  guest: 0 | 1
  project_ids: number[]
  /** the devices it names one by one, beside its projects */
  device_ids: number[]
  /** the same devices with their MAC and name, for the console's labels */
  devices: RoleDevice[]
  account_count: number
  /** the devices it manages: in its projects and their sub-projects, or named; each once */
  device_count: number
  created_at: string
}

/** Roles of the caller's tenant; only its primary account manages them (the route says so). */
export class RolesService {
  constructor(private readonly deps: { db: Database; changes: ChangeFeed }) {}

  async list(principal: Principal): Promise<RoleView[]> {
    const tenantId = principal.account.tenantId
    const roles = await rolesRepository(this.deps.db).listForTenant(tenantId)
    const projects = await projectsRepository(this.deps.db).listForTenant(tenantId)
    return Promise.all(
      roles.map(async (role) =>
        toView(role, role.accountCount, await this.deviceCount(tenantId, projects, role)),
      ),
    )
  }

  async info(principal: Principal, id: number): Promise<RoleView> {
    const tenantId = principal.account.tenantId
    const repository = rolesRepository(this.deps.db)
    const role = await repository.findInTenant(tenantId, id)
    if (!role) throw new AppError(ErrorCode.NO_PERMISSION)
    const projects = await projectsRepository(this.deps.db).listForTenant(tenantId)
    return toView(
      role,
      (await repository.boundAccountIds(id)).length,
      await this.deviceCount(tenantId, projects, role),
    )
  }

  /** Adds a role with its projects and devices, all or nothing. */
  async add(principal: Principal, request: RoleAddRequest): Promise<{ id: number }> {
    const tenantId = principal.account.tenantId
    const id = await this.uniquely(() =>
      this.deps.db.transaction(async (tx) => {
        await refuseBadRole(tx, tenantId, request)
        const roles = rolesRepository(tx)
        const roleId = await roles.insert({ tenantId, ...fields(request) })
        await roles.replaceProjects(roleId, unique(request.project_ids))
        await roles.replaceDevices(roleId, unique(request.device_ids))
        return roleId
      }),
    )
    return { id }
  }

  /** Changing a role changes what its accounts may do, from their next call on. */
  async save(principal: Principal, request: RoleSaveRequest): Promise<RoleView> {
    const tenantId = principal.account.tenantId
    await this.info(principal, request.id)
    const bound = await this.uniquely(() =>
      this.deps.db.transaction(async (tx) => {
        await refuseBadRole(tx, tenantId, request, request.id)
        const roles = rolesRepository(tx)
        await roles.update(request.id, fields(request))
        await roles.replaceProjects(request.id, unique(request.project_ids))
        await roles.replaceDevices(request.id, unique(request.device_ids))
        return roles.boundAccountIds(request.id)
      }),
    )
    for (const accountId of bound) await this.deps.changes.publish({ kind: 'account', id: accountId })
    return this.info(principal, request.id)
  }

  /** A role bound to an account cannot be deleted (§6). */
  async remove(principal: Principal, id: number): Promise<void> {
    await this.info(principal, id)
    const roles = rolesRepository(this.deps.db)
    if ((await roles.boundAccountIds(id)).length > 0) throw new AppError(ErrorCode.ROLE_IN_USE)
    await roles.remove(id)
  }

  private deviceCount(tenantId: number, projects: readonly ProjectRow[], role: RoleWithScope) {
    return rolesRepository(this.deps.db).countDevicesOf(
      tenantId,
      [...subtreeIds(projects, role.projectIds)],
      role.devices.map((device) => device.id),
    )
  }

  private async uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'roles_tenant_name_key')
        throw new AppError(ErrorCode.ROLE_EXISTS)
      throw error
    }
  }
}

/**
 * A name already taken is "Roles already exist"; a project or device that is not the tenant's
 * is 600400143, so ids never tell what exists elsewhere. Run inside the write's transaction.
 */
async function refuseBadRole(tx: Executor, tenantId: number, request: RoleAddRequest, exceptId?: number) {
  if (await rolesRepository(tx).nameTaken(tenantId, request.name, exceptId)) {
    throw new AppError(ErrorCode.ROLE_EXISTS)
  }
  const projectIds = unique(request.project_ids)
  if ((await projectsRepository(tx).countInTenant(tenantId, projectIds)) !== projectIds.length) {
    throw new AppError(ErrorCode.NO_PERMISSION)
  }
  const deviceIds = unique(request.device_ids)
  const owned = await devicesRepository(tx).visibleByIds({ kind: 'tenant', tenantId }, deviceIds)
  if (owned.length !== deviceIds.length) throw new AppError(ErrorCode.NO_PERMISSION)
}

const unique = (ids: readonly number[]) => [...new Set(ids)]

function fields(request: RoleAddRequest) {
  return {
    name: request.name,
    menus: [...new Set(request.menus)],
    deviceFunctions: [...new Set(request.device_functions)],
    isGuest: request.guest,
  }
}

function toView(role: RoleWithScope, accountCount: number, deviceCount: number): RoleView {
  return {
    id: role.id,
    name: role.name,
    menus: role.menus,
    device_functions: role.deviceFunctions,
    guest: role.isGuest ? 1 : 0,
    project_ids: role.projectIds,
    device_ids: role.devices.map((device) => device.id),
    devices: role.devices,
    account_count: accountCount,
    device_count: deviceCount,
    created_at: role.createdAt.toISOString(),
  }
}
