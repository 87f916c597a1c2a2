import { ErrorCode } from '@canopy/shared/errors'
import type { RoleAddRequest, RoleSaveRequest } from '@canopy/shared/validation'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import { violatedUniqueConstraint } from '../../db/errors'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import { projectsRepository } from '../projects/projects.repository'
import { type RoleWithProjects, rolesRepository } from './roles.repository'

/** A role as the account-management page shows it (§3 "Role"). */
export interface RoleView {
  id: number
  name: string
  menus: string[]
  device_functions: string[]
  guest: 0 | 1
  project_ids: number[]
  account_count: number
  created_at: string
}

/** Roles of the caller's tenant; only its primary account manages them (the route says so). */
export class RolesService {
  constructor(private readonly deps: { db: Database; changes: ChangeFeed }) {}

  async list(principal: Principal): Promise<RoleView[]> {
    const roles = await rolesRepository(this.deps.db).listForTenant(principal.account.tenantId)
    return roles.map((role) => toView(role, role.accountCount))
  }

  async info(principal: Principal, id: number): Promise<RoleView> {
    const repository = rolesRepository(this.deps.db)
    const role = await repository.findInTenant(principal.account.tenantId, id)
    if (!role) throw new AppError(ErrorCode.NO_PERMISSION)
    return toView(role, (await repository.boundAccountIds(id)).length)
  }

  async add(principal: Principal, request: RoleAddRequest): Promise<{ id: number }> {
    const tenantId = principal.account.tenantId
    await this.refuseBadRole(tenantId, request)
    const id = await this.uniquely(() =>
      this.deps.db.transaction(async (tx) => {
        const roles = rolesRepository(tx)
        const roleId = await roles.insert({ tenantId, ...fields(request) })
        await roles.replaceProjects(roleId, request.project_ids)
        return roleId
      }),
    )
    return { id }
  }

  /** Changing a role changes what its accounts may do, from their next call on. */
  async save(principal: Principal, request: RoleSaveRequest): Promise<RoleView> {
    const tenantId = principal.account.tenantId
    await this.info(principal, request.id)
    await this.refuseBadRole(tenantId, request, request.id)
    const bound = await this.uniquely(() =>
      this.deps.db.transaction(async (tx) => {
        const roles = rolesRepository(tx)
        await roles.update(request.id, fields(request))
        await roles.replaceProjects(request.id, request.project_ids)
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

  private async refuseBadRole(tenantId: number, request: RoleAddRequest, exceptId?: number) {
    if (await rolesRepository(this.deps.db).nameTaken(tenantId, request.name, exceptId)) {
      throw new AppError(ErrorCode.ROLE_EXISTS)
    }
    const projectIds = [...new Set(request.project_ids)]
    if ((await projectsRepository(this.deps.db).countInTenant(tenantId, projectIds)) !== projectIds.length) {
      throw new AppError(ErrorCode.NO_PERMISSION)
    }
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

function fields(request: RoleAddRequest) {
  return {
    name: request.name,
    menus: [...new Set(request.menus)],
    deviceFunctions: [...new Set(request.device_functions)],
    isGuest: request.guest,
  }
}

function toView(role: RoleWithProjects, accountCount: number): RoleView {
  return {
    id: role.id,
    name: role.name,
    menus: role.menus,
    device_functions: role.deviceFunctions,
    guest: role.isGuest ? 1 : 0,
    project_ids: role.projectIds,
    account_count: accountCount,
    created_at: role.createdAt.toISOString(),
  }
}
