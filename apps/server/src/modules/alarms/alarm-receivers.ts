import { subtreeIds } from '@canopy/shared/project-tree'
import type { Executor } from '../../db/client'
import { type AccessGrants, loadGrants } from '../access/grants'
import { ACCOUNT_ENABLED } from '../accounts/accounts.schema'
import type { AccountSnapshot } from '../auth/principal'
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
      users: Pick<UsersService, 'accountsOfTenants'>
      projects: ProjectDirectory
    },
  ) {}

  async candidates(
    tenantId: number,
    target: { deviceId?: number; projectId: number | null },
  ): Promise<Receiver[]> {
    const [receivers] = await this.candidatesOfEach([{ tenantId, target }])
    return receivers!
  }

  /**
   * The receivers of each target, in order: the accounts of all their tenants in one query (a
   * batch of alarms fired together), a child account's roles read once however many it is asked for.
   */
  async candidatesOfEach(
    targets: Array<{ tenantId: number; target: { deviceId?: number; projectId: number | null } }>,
  ): Promise<Receiver[][]> {
    const accountsOf = await this.deps.users.accountsOfTenants(targets.map(({ tenantId }) => tenantId))
    const grantsOf = new Map<number, Promise<AccessGrants>>()
    const grants = (account: AccountSnapshot) => {
      let entry = grantsOf.get(account.id)
      if (!entry) {
        entry = loadGrants(this.deps.db, account)
        grantsOf.set(account.id, entry)
      }
      return entry
    }
    return Promise.all(
      targets.map(async ({ tenantId, target }) => {
        const projects = await this.deps.projects.projectsOf(tenantId)
        const receivers: Receiver[] = []
        for (const account of accountsOf.get(tenantId) ?? []) {
          if (account.status !== ACCOUNT_ENABLED) continue
          const granted = await grants(account)
          const reaches =
            granted.projectRoots === 'all' ||
            (target.projectId !== null && subtreeIds(projects, granted.projectRoots).has(target.projectId)) ||
            (target.deviceId !== undefined && granted.deviceIds.includes(target.deviceId))
          if (!reaches) continue
          receivers.push({
            uid: account.id,
            username: account.username,
            nickname: account.nickname,
            primary: account.isPrimary,
          })
        }
        return receivers
      }),
    )
  }
}
