import { ErrorCode } from '@canopy/shared/errors'
import { subtreeIds } from '@canopy/shared/project-tree'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import type { ProjectRow } from '../projects/projects.repository'

/**
 * The projects a caller may see and act on: its whole tenant for a primary account, the
 * projects its roles manage and their sub-projects for a child. Anything else — another
 * tenant's project included — is refused with "no permission", so ids never tell what exists.
 */
export class ProjectScope {
  private constructor(
    readonly projects: readonly ProjectRow[],
    readonly visible: ReadonlySet<number>,
    /** the projects granted directly (a child's role projects); empty for a primary account */
    readonly grantedRoots: ReadonlySet<number>,
  ) {}

  /** The scope of the caller over its tenant's projects (from the directory, or read in a transaction). */
  static of(projects: readonly ProjectRow[], principal: Principal): ProjectScope {
    const roots = principal.access.projectRoots
    if (roots === 'all') return new ProjectScope(projects, new Set(projects.map((p) => p.id)), new Set())
    const own = new Set(projects.map((project) => project.id))
    const granted = new Set(roots.filter((id) => own.has(id)))
    return new ProjectScope(projects, subtreeIds(projects, granted), granted)
  }

  has(id: number): boolean {
    return this.visible.has(id)
  }

  /** The project, if the caller may act on it; otherwise 600400143. */
  require(id: number): ProjectRow {
    const project = this.visible.has(id) ? this.projects.find((candidate) => candidate.id === id) : undefined
    if (!project) throw new AppError(ErrorCode.NO_PERMISSION)
    return project
  }

  visibleProjects(): ProjectRow[] {
    return this.projects.filter((project) => this.visible.has(project.id))
  }
}
