import { ErrorCode } from '@canopy/shared/errors'
import type { ChildAddRequest, ChildListRequest, ChildSaveRequest } from '@canopy/shared/validation'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import { ACCOUNT_ENABLED } from '../../db/schema'
import { AppError } from '../../http/app-error'
import { pageWindow } from '../../lib/paging'
import { REVOKED_BY } from '../auth/auth.service'
import { hashPassword } from '../auth/passwords'
import type { Principal } from '../auth/principal'
import { sessionsRepository } from '../auth/sessions.repository'
import { rolesRepository } from '../roles/roles.repository'
import { type AccountRow, accountsRepository } from '../users/accounts.repository'
import { refuseTakenIdentifiers, writeUniqueAccount } from '../users/identities'
import type { ChildDirectory } from './child-directory'

/** A child account as the account list shows it (§3 "Account"). */
export interface ChildView {
  uid: number
  username: string
  nickname: string | null
  email: string | null
  country_code: string | null
  phone: string | null
  address: string | null
  status: number
  level: number
  bindWechat: 0 | 1
  created_at: string
  last_login_at: string | null
  roles: Array<{ id: number; name: string }>
  projects: Array<{ gid: number; name: string }>
}

/**
 * The primary account's child accounts (§3, §6): each bound to one role at least, in the
 * primary's tenant. Every id a call names must be one of them, or nothing happens.
 */
export class ChildAccountsService {
  constructor(
    private readonly deps: {
      db: Database
      changes: ChangeFeed
      directory: ChildDirectory
      /** §6: the accounts among these that receive alarms (modules/alarms); they cannot be deleted */
      tiedToAlarms?: (tenantId: number, uids: number[]) => Promise<number[]>
    },
  ) {}

  async list(principal: Principal, request: ChildListRequest): Promise<{ total: number; list: ChildView[] }> {
    const { ids, total } = await this.deps.directory.page(principal.account.tenantId, {
      ...pageWindow(request),
      keyword: request.keyword,
      status: request.status,
    })
    return { total, list: await this.views(await accountsRepository(this.deps.db).findManyInOrder(ids)) }
  }

  async count(principal: Principal) {
    return this.deps.directory.count(principal.account.tenantId)
  }

  async info(principal: Principal, uid: number): Promise<ChildView> {
    const [view] = await this.views([await this.requireChild(principal, uid)])
    return view!
  }

  async add(principal: Principal, request: ChildAddRequest): Promise<{ uid: number }> {
    const tenantId = principal.account.tenantId
    const identity = { username: request.username, ...contact(request) }
    await refuseTakenIdentifiers(this.deps.db, identity)
    await this.requireTenantRoles(tenantId, request.role_ids)
    const passwordHash = await hashPassword(request.password)
    const uid = await writeUniqueAccount(() =>
      this.deps.db.transaction(async (tx) => {
        const account = await accountsRepository(tx).insert({
          ...identity,
          nickname: request.nickname ?? null,
          address: request.address ?? null,
          tenantId,
          passwordHash,
          isPrimary: false,
          level: request.level,
          status: ACCOUNT_ENABLED,
        })
        await rolesRepository(tx).replaceAccountRoles(account.id, unique(request.role_ids))
        return account.id
      }),
    )
    await this.deps.changes.publish({ kind: 'children', tenantId })
    return { uid }
  }

  /** Edits a child, its roles and its status; a disabled child is logged out on its next call. */
  async save(principal: Principal, request: ChildSaveRequest): Promise<ChildView> {
    await this.requireChild(principal, request.uid)
    await refuseTakenIdentifiers(this.deps.db, contact(request), request.uid)
    await this.requireTenantRoles(principal.account.tenantId, request.role_ids)
    await writeUniqueAccount(() =>
      this.deps.db.transaction(async (tx) => {
        await accountsRepository(tx).update(request.uid, {
          countryCode: request.country_code ?? null,
          phone: request.phone ?? null,
          email: request.email ?? null,
          nickname: request.nickname ?? null,
          address: request.address ?? null,
          level: request.level,
          status: request.status,
        })
        await rolesRepository(tx).replaceAccountRoles(request.uid, unique(request.role_ids))
      }),
    )
    await this.deps.changes.publish({ kind: 'account', id: request.uid })
    return this.info(principal, request.uid)
  }

  /** Gives the children a new password and signs them out everywhere. */
  async resetPasswords(principal: Principal, uids: number[], password: string): Promise<void> {
    const ids = await this.requireChildren(principal, uids)
    const passwordHash = await hashPassword(password)
    const ended = await this.deps.db.transaction(async (tx) => {
      await accountsRepository(tx).updateMany(ids, { passwordHash })
      const sessions = sessionsRepository(tx)
      const all: string[] = []
      for (const id of ids) all.push(...(await sessions.revokeAllOf(id, REVOKED_BY.passwordReset)))
      return all
    })
    for (const sessionId of ended) await this.deps.changes.publish({ kind: 'session', id: sessionId })
  }

  async remove(principal: Principal, uids: number[]): Promise<void> {
    const ids = await this.requireChildren(principal, uids)
    const tied = (await this.deps.tiedToAlarms?.(principal.account.tenantId, ids)) ?? []
    if (tied.length > 0) throw new AppError(ErrorCode.NO_PERMISSION)
    await accountsRepository(this.deps.db).removeMany(ids)
    for (const id of ids) await this.deps.changes.publish({ kind: 'account', id })
  }

  private async requireChild(principal: Principal, uid: number): Promise<AccountRow> {
    const [id] = await this.requireChildren(principal, [uid])
    return (await accountsRepository(this.deps.db).findById(id!))!
  }

  /** All the ids, deduplicated, if every one is a child of the caller's tenant; else 600400143. */
  private async requireChildren(principal: Principal, uids: number[]): Promise<number[]> {
    const wanted = unique(uids)
    const found = await accountsRepository(this.deps.db).childIdsIn(principal.account.tenantId, wanted)
    if (found.length !== wanted.length) throw new AppError(ErrorCode.NO_PERMISSION)
    return wanted
  }

  private async requireTenantRoles(tenantId: number, roleIds: number[]) {
    const wanted = unique(roleIds)
    if ((await rolesRepository(this.deps.db).countInTenant(tenantId, wanted)) !== wanted.length) {
      throw new AppError(ErrorCode.NO_PERMISSION)
    }
  }

  private async views(rows: AccountRow[]): Promise<ChildView[]> {
    const rolesByAccount = await rolesRepository(this.deps.db).rolesOfAccounts(rows.map((row) => row.id))
    return rows.map((row) => {
      const accountRoles = rolesByAccount.get(row.id) ?? []
      const projects = new Map(
        accountRoles.flatMap((role) => role.projects).map((project) => [project.gid, project]),
      )
      return {
        uid: row.id,
        username: row.username,
        nickname: row.nickname,
        email: row.email,
        country_code: row.countryCode,
        phone: row.phone,
        address: row.address,
        status: row.status,
        level: row.level,
        bindWechat: row.wechatOpenId === null ? 0 : 1,
        created_at: row.createdAt.toISOString(),
        last_login_at: row.lastLoginAt?.toISOString() ?? null,
        roles: accountRoles.map(({ id, name }) => ({ id, name })),
        projects: [...projects.values()],
      }
    })
  }
}

function contact(request: {
  email?: string | undefined
  country_code?: string | undefined
  phone?: string | undefined
}) {
  return { email: request.email, countryCode: request.country_code, phone: request.phone }
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)]
}
