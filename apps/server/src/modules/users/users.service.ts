import { ErrorCode } from '@canopy/shared/errors'
import type { Language } from '@canopy/shared/i18n/languages'
import type { DeviceFunction, MenuSection } from '@canopy/shared/permissions'
import type { PasswordChangeRequest, ProfileRequest, RegisterRequest } from '@canopy/shared/validation'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import { REVOKED_BY } from '../auth/auth.service'
import { hashPassword, passwordMatches } from '../auth/passwords'
import type { AccountSnapshot, Principal } from '../auth/principal'
import { sessionsRepository } from '../auth/sessions.repository'
import { projectsRepository } from '../projects/projects.repository'
import { accountsRepository } from './accounts.repository'
import { refuseTakenIdentifiers, writeUniqueAccount } from './identities'

/** What the console's guard and frame need of the caller (§3 "User info"). */
export interface CurrentUser {
  uid: number
  name: string
  username: string
  level: number
  is_primary: 0 | 1
  /** the top bar hides "bind device" for the master account (§2) */
  is_master: 0 | 1
  bindWechat: 0 | 1
  /** names of the roles bound to a child account */
  roles: string[]
  /** console sections the account may open (§6 menu permissions) */
  menus: MenuSection[]
  /** device operations it may run (§6 device function permissions) */
  device_functions: DeviceFunction[]
  /** a guest sees but cannot operate */
  guest: 0 | 1
}

export interface Profile {
  uid: number
  username: string
  nickname: string | null
  email: string | null
  country_code: string | null
  phone: string | null
  address: string | null
  status: number
  is_primary: 0 | 1
  level: number
  bindWechat: 0 | 1
  created_at: string
  last_login_at: string | null
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0)

export class UsersService {
  constructor(private readonly deps: { db: Database; changes: ChangeFeed }) {}

  /** Whether a tenant's owner (its primary account) is a developer (§6: unpublished products). */
  async isDeveloperTenant(tenantId: number): Promise<boolean> {
    const owner = await accountsRepository(this.deps.db).findPrimaryOfTenant(tenantId)
    return owner?.isDeveloper ?? false
  }

  /** A tenant's accounts, its primary first, without their password hashes. */
  async accountsOfTenant(tenantId: number): Promise<AccountSnapshot[]> {
    const rows = await accountsRepository(this.deps.db).listOfTenant(tenantId)
    return rows.map(({ passwordHash: _hash, ...account }) => account)
  }

  /** Every account of these tenants, by tenant (a batch of alarms tells several tenants at once). */
  async accountsOfTenants(tenantIds: number[]): Promise<Map<number, AccountSnapshot[]>> {
    const byTenant = new Map<number, AccountSnapshot[]>(tenantIds.map((id) => [id, []]))
    for (const { passwordHash: _hash, ...account } of await accountsRepository(this.deps.db).listOfTenants([
      ...new Set(tenantIds),
    ]))
      byTenant.get(account.tenantId)?.push(account)
    return byTenant
  }

  /** Enabled accounts with an id above `afterId`, by id, `limit` at most (announcements reach them all). */
  async accountsAfter(afterId: number, limit: number): Promise<Array<{ id: number; tenantId: number }>> {
    return accountsRepository(this.deps.db).enabledAfter(afterId, limit)
  }

  /** The accounts among `ids` that still exist, without their password hashes (push delivery). */
  async accountsByIds(ids: number[]): Promise<AccountSnapshot[]> {
    const rows = await accountsRepository(this.deps.db).findManyInOrder(ids)
    return rows.map(({ passwordHash: _hash, ...account }) => account)
  }

  currentUser({ account, access }: Principal): CurrentUser {
    return {
      uid: account.id,
      name: account.nickname || account.username,
      username: account.username,
      level: account.level,
      is_primary: flag(account.isPrimary),
      is_master: flag(account.isPrimary),
      bindWechat: flag(account.wechatOpenId !== null),
      roles: [...access.roleNames],
      menus: [...access.menus],
      device_functions: [...access.deviceFunctions],
      guest: flag(access.guest),
    }
  }

  /** The caller's own account: served from the authenticated principal, no query needed. */
  profile({ account }: Principal): Profile {
    return toProfile(account)
  }

  /** Self-registration (§5): a primary account, a tenant of its own, with its root project. */
  /** `language`: the console's, kept as the account's (its pushes are written in it). */
  async register(request: RegisterRequest, language?: Language): Promise<{ uid: number }> {
    const identity = {
      username: request.username,
      email: request.email,
      countryCode: request.country_code,
      phone: request.phone,
    }
    await refuseTakenIdentifiers(this.deps.db, identity)
    const passwordHash = await hashPassword(request.password)
    const account = await writeUniqueAccount(() =>
      this.deps.db.transaction(async (tx) => {
        const accounts = accountsRepository(tx)
        const tenantId = await accounts.createTenant()
        const created = await accounts.insert({
          ...identity,
          tenantId,
          passwordHash,
          isPrimary: true,
          language: language ?? null,
        })
        await projectsRepository(tx).insertRoot(tenantId)
        return created
      }),
    )
    return { uid: account.id }
  }

  async saveProfile(principal: Principal, request: ProfileRequest): Promise<Profile> {
    const changes = {
      nickname: request.nickname ?? null,
      email: request.email,
      countryCode: request.country_code ?? null,
      phone: request.phone ?? null,
      address: request.address ?? null,
    }
    const accountId = principal.account.id
    await refuseTakenIdentifiers(
      this.deps.db,
      { email: request.email, countryCode: request.country_code, phone: request.phone },
      accountId,
    )
    await writeUniqueAccount(() => accountsRepository(this.deps.db).update(accountId, changes))
    await this.deps.changes.publish({ kind: 'account', id: accountId })
    return toProfile({ ...principal.account, ...changes })
  }

  /**
   * The console language the caller switched to, kept for its pushes. Nothing else reads it from
   * the principal, so no change is published (a cached principal keeps the old one harmlessly).
   */
  async saveLanguage(principal: Principal, language: Language): Promise<void> {
    await accountsRepository(this.deps.db).update(principal.account.id, { language })
  }

  /** Changing the password signs out every other session of the account. */
  async changePassword(principal: Principal, request: PasswordChangeRequest): Promise<void> {
    const account = await accountsRepository(this.deps.db).findById(principal.account.id)
    if (!account || !(await passwordMatches(account.passwordHash, request.old_password))) {
      throw new AppError(ErrorCode.ACCOUNT_OR_PASSWORD, {
        violations: [{ field: 'old_password', rule: 'errors.accountOrPassword' }],
      })
    }
    const passwordHash = await hashPassword(request.new_password)
    const ended = await this.deps.db.transaction(async (tx) => {
      await accountsRepository(tx).update(account.id, { passwordHash })
      return sessionsRepository(tx).revokeAllOf(account.id, REVOKED_BY.passwordChange, principal.sessionId)
    })
    for (const sessionId of ended) await this.deps.changes.publish({ kind: 'session', id: sessionId })
  }
}

function toProfile(account: AccountSnapshot): Profile {
  return {
    uid: account.id,
    username: account.username,
    nickname: account.nickname,
    email: account.email,
    country_code: account.countryCode,
    phone: account.phone,
    address: account.address,
    status: account.status,
    is_primary: flag(account.isPrimary),
    level: account.level,
    bindWechat: flag(account.wechatOpenId !== null),
    created_at: account.createdAt.toISOString(),
    last_login_at: account.lastLoginAt?.toISOString() ?? null,
  }
}
