import type { ChangeFeed } from '../../db/change-feed'
import type { Executor } from '../../db/client'
import { type ProjectRow, projectsRepository } from './projects.repository'

/**
 * Every tenant's projects, kept in memory: the tree, every tree picker and every scope check
 * read them, and fetching 2,000 rows costs ~10 ms on the embedded database. A change to a
 * tenant's tree (here or, through the change feed, on another instance) drops its entry.
 */
export class ProjectDirectory {
  private readonly byTenant = new Map<number, Promise<readonly ProjectRow[]>>()

  constructor(
    private readonly db: Executor,
    changes: ChangeFeed,
    private readonly maxTenants = 10_000,
  ) {
    changes.onChange((event) => {
      if (event.kind === 'projects') this.byTenant.delete(event.tenantId)
    })
  }

  projectsOf(tenantId: number): Promise<readonly ProjectRow[]> {
    let entry = this.byTenant.get(tenantId)
    if (!entry) {
      if (this.byTenant.size >= this.maxTenants) this.byTenant.delete(this.byTenant.keys().next().value!)
      entry = projectsRepository(this.db).listForTenant(tenantId)
      entry.catch(() => this.byTenant.delete(tenantId))
      this.byTenant.set(tenantId, entry)
    }
    return entry
  }
}
