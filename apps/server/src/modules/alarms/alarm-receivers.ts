import { subtreeIds } from '@canopy/shared/project-tree'
import type { Executor } from '../../db/client'
import { loadGrants } from '../access/grants'
import { ACCOUNT_ENABLED } from '../accounts/accounts.schema'
import type { ProjectDirectory } from '../projects/project-directory'
import type { UsersService } from '../users/users.service'

/** An account that may receive a device's or a project's alarms. */
export interface Receiver {
  uid: number
  username: string
  nickname: string | null
  primary: boolean
}

/**
 * Who may hear of an alarm (§3 "selected accounts"; issue 15): the tenant's primary account and
 * those of its enabled children whose roles reach the device (its project, a project above it,
 * or the device itself) — for a project's setting, the project. Checked when the receivers are
 * chosen and again when an alarm is posted, since roles change in between.
 */
export class AlarmReceivers {
  constructor(
    private readonly deps: {
      db: Executor
      users: Pick<UsersService, 'accountsOfTenant'>
      projects: ProjectDirectory
    },
  ) {}

  async candidates(
    tenantId: number,
    target: { deviceId?: number; projectId: number | null },
  ): Promise<Receiver[]> {
    const [accounts, projects] = await Promise.all([
      this.deps.users.accountsOfTenant(tenantId),
      this.deps.projects.projectsOf(tenantId),
    ])
    const receivers: Receiver[] = []
    for (const account of accounts) {
      if (account.status !== ACCOUNT_ENABLED) continue
      const grants = await loadGrants(this.deps.db, account)
      const reaches =
        grants.projectRoots === 'all' ||
        (target.projectId !== null && subtreeIds(projects, grants.projectRoots).has(target.projectId)) ||
        (target.deviceId !== undefined && grants.deviceIds.includes(target.deviceId))
      if (!reaches) continue
      receivers.push({
        uid: account.id,
        username: account.username,
        nickname: account.nickname,
        primary: account.isPrimary,
      })
    }
    return receivers
  }
}
