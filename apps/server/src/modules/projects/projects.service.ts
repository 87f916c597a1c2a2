import { ErrorCode, type ErrorCodeValue } from '@canopy/shared/errors'
import {
  canAddUnder,
  childrenByParent,
  type DeleteRefusal,
  deleteRefusal,
  moveRefusal,
  subtreeIds,
} from '@canopy/shared/project-tree'
import type { ProjectAddRequest, ProjectSaveRequest } from '@canopy/shared/validation'
import { sql } from 'drizzle-orm'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database, Executor } from '../../db/client'
import { AppError } from '../../http/app-error'
import { ProjectScope } from '../access/project-scope'
import type { Principal } from '../auth/principal'
import { devicesRepository } from '../devices/devices.repository'
import type { ProjectDirectory } from './project-directory'
import { type GroupTreeNode, groupTree } from './project-tree'
import { type ProjectRow, projectsRepository } from './projects.repository'

/** A project as the project-management page shows it (§3 "Project"). */
export interface ProjectView {
  gid: number
  pid: number
  name: string
  address: string | null
  director: string | null
  remark: string | null
  level: number
  created_at: string
  is_default: 0 | 1
  child_count: number
}

/** Tree changes of one tenant happen one at a time, so two moves cannot build a cycle together. */
const TREE_LOCK_CLASS = 1

/** The §8 message of each reason a project cannot be deleted. */
const DELETE_REFUSAL_CODES: Record<NonNullable<DeleteRefusal>, ErrorCodeValue> = {
  default: ErrorCode.PROJECT_IS_DEFAULT,
  'sub-projects': ErrorCode.PROJECT_HAS_CHILDREN,
  devices: ErrorCode.PROJECT_HAS_DEVICES,
  accounts: ErrorCode.PROJECT_BOUND,
}

export class ProjectsService {
  constructor(private readonly deps: { db: Database; directory: ProjectDirectory; changes: ChangeFeed }) {}

  private async scope(principal: Principal): Promise<ProjectScope> {
    return ProjectScope.of(await this.deps.directory.projectsOf(principal.account.tenantId), principal)
  }

  /** The group tree (`tree=1`, for every tree picker) or the flat list, within the caller's scope. */
  async all(principal: Principal, asTree: boolean): Promise<GroupTreeNode[] | ProjectView[]> {
    const scope = await this.scope(principal)
    if (asTree) return groupTree(scope.projects, scope.visible)
    const children = childrenByParent(scope.projects)
    return scope.visibleProjects().map((project) => toView(project, children.get(project.id)?.length ?? 0))
  }

  async info(principal: Principal, gid: number): Promise<ProjectView> {
    const scope = await this.scope(principal)
    const project = scope.require(gid)
    return toView(project, childrenByParent(scope.projects).get(gid)?.length ?? 0)
  }

  async add(principal: Principal, request: ProjectAddRequest): Promise<{ gid: number }> {
    return this.changeTree(principal, async (tx, scope) => {
      const parent = scope.require(request.pid)
      if (!canAddUnder(parent.depth)) throw new AppError(ErrorCode.PROJECT_TOO_DEEP)
      const gid = await projectsRepository(tx).insert({
        tenantId: principal.account.tenantId,
        parentId: parent.id,
        depth: parent.depth + 1,
        ...details(request),
      })
      return { gid }
    })
  }

  /** Edits a project; a new `pid` moves it, with its sub-projects, under another project. */
  async save(principal: Principal, request: ProjectSaveRequest): Promise<ProjectView> {
    await this.changeTree(principal, async (tx, scope) => {
      const project = scope.require(request.gid)
      const projects = projectsRepository(tx)
      const moving = request.pid !== undefined && request.pid !== project.parentId
      if (moving) {
        if (project.isDefault) throw new AppError(ErrorCode.PROJECT_IS_DEFAULT)
        // A child's granted project is its scope itself: only the primary account may move it.
        if (scope.grantedRoots.has(project.id)) throw new AppError(ErrorCode.NO_PERMISSION)
        const parent = scope.require(request.pid!)
        const refusal = moveRefusal(scope.projects, project.id, { id: parent.id, level: parent.depth })
        if (refusal === 'cycle') throw new AppError(ErrorCode.PROJECT_CYCLE)
        if (refusal === 'too-deep') throw new AppError(ErrorCode.PROJECT_TOO_DEEP)
        await projects.shiftDepth(
          [...subtreeIds(scope.projects, [project.id])],
          parent.depth + 1 - project.depth,
        )
        await projects.update(project.id, { parentId: parent.id })
      }
      await projects.update(project.id, details(request))
    })
    return this.info(principal, request.gid)
  }

  /**
   * Deletes a project, refused (§6, §8) for the system-default root, a project with
   * sub-projects or bound devices, and a project a bound role manages.
   */
  async remove(principal: Principal, gid: number): Promise<void> {
    await this.changeTree(principal, async (tx, scope) => {
      const project = scope.require(gid)
      const projects = projectsRepository(tx)
      const refusal = deleteRefusal({
        isDefault: project.isDefault,
        hasSubProjects: scope.projects.some((candidate) => candidate.parentId === gid),
        hasDevices: (await devicesRepository(tx).countInProject(gid)) > 0,
        boundToAccounts: await projects.isBoundToAccounts(gid),
      })
      if (refusal) throw new AppError(DELETE_REFUSAL_CODES[refusal])
      await projects.remove(gid)
    })
  }

  /** A change to the tree: under the tenant's lock, on the rows as they are now, then announced. */
  private async changeTree<T>(
    principal: Principal,
    change: (tx: Executor, scope: ProjectScope) => Promise<T>,
  ) {
    const tenantId = principal.account.tenantId
    const result = await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_CLASS}, ${tenantId})`)
      const projects = await projectsRepository(tx).listForTenant(tenantId)
      return change(tx, ProjectScope.of(projects, principal))
    })
    await this.deps.changes.publish({ kind: 'projects', tenantId })
    return result
  }
}

function details(request: { name: string; address?: string; director?: string; remark?: string }) {
  return {
    name: request.name,
    address: request.address ?? null,
    director: request.director ?? null,
    remark: request.remark ?? null,
  }
}

function toView(project: ProjectRow, childCount: number): ProjectView {
  return {
    gid: project.id,
    pid: project.parentId ?? 0,
    name: project.name,
    address: project.address,
    director: project.director,
    remark: project.remark,
    level: project.depth,
    created_at: project.createdAt.toISOString(),
    is_default: project.isDefault ? 1 : 0,
    child_count: childCount,
  }
}
