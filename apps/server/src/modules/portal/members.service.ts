import { ErrorCode } from '@canopy/shared/errors'
import {
  firstViolation,
  type MemberAddRequest,
  type MemberImportProblem,
  type MemberImportReport,
  type MemberListRequest,
  type MemberSaveRequest,
  memberAccount,
  memberInfo,
  memberPassword,
  type PortalMember,
} from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { violatedUniqueConstraint } from '../../db/errors'
import { AppError } from '../../http/app-error'
import { FileReply } from '../../http/file-reply'
import { Coalesced } from '../../lib/coalesced'
import type { Principal } from '../auth/principal'
import { hashMemberPassword, memberPasswordMatches } from './member-passwords'
import { type GuestLoginRow, type MemberRow, membersRepository } from './members.repository'
import { readMemberSheet, writeMemberSheet } from './members-xls'
import { VerifiedPasswords } from './verified-passwords'

/** Password hashes computed at once during an import (each ~0.5 ms of a core). */
const HASHES_AT_ONCE = 2
const UNIQUE_ACCOUNT = 'portal_members_tenant_account_key'

/**
 * Members (§3: account, password, info), the accounts guests log in with by the member method;
 * /auth/method, primary accounts only (the routes say so). Passwords are argon2id hashes sized for
 * guest accounts (member-passwords.ts), not the console's. Another tenant's member is 600400143; an id no tenant has is "the account does
 * not exist" (600400103).
 */
export class MembersService {
  /**
   * Guests' member logins: those made together are read in one statement (`forGuestLogins`), one
   * round trip instead of one each. Not a cache: nothing is kept once the statement answers.
   */
  private readonly guestLogins: Coalesced<{ tenantId: number; account: string }, GuestLoginRow | undefined>
  /** right passwords verified lately, so a shared member account is not hashed for every guest */
  private readonly verified = new VerifiedPasswords()

  constructor(private readonly deps: { db: Database }) {
    const members = membersRepository(deps.db)
    this.guestLogins = new Coalesced(
      async (logins) => {
        // Each row names its login's place in the batch; a login without one has no methods row.
        const byPlace = new Map((await members.forGuestLogins(logins)).map((row) => [row.at, row]))
        return logins.map((_, at) => byPlace.get(at))
      },
      undefined,
      { gatherTurn: true },
    )
  }

  async list(
    principal: Principal,
    request: MemberListRequest,
  ): Promise<{ total: number; list: PortalMember[] }> {
    const { total, rows } = await membersRepository(this.deps.db).page(principal.account.tenantId, request)
    return { total, list: rows.map(toView) }
  }

  async add(principal: Principal, request: MemberAddRequest): Promise<{ id: number }> {
    const tenantId = principal.account.tenantId
    const members = membersRepository(this.deps.db)
    if (await members.findByAccount(tenantId, request.account)) throw new AppError(ErrorCode.ACCOUNT_EXISTS)
    const passwordHash = await hashMemberPassword(request.password)
    const [id] = await this.uniquely(() =>
      members.insert(tenantId, [
        { account: request.account, passwordHash, info: request.info, enabled: request.enabled },
      ]),
    )
    return { id: id! }
  }

  async save(principal: Principal, request: MemberSaveRequest): Promise<PortalMember> {
    const tenantId = principal.account.tenantId
    await this.own(tenantId, request.id)
    const members = membersRepository(this.deps.db)
    const holder = await members.findByAccount(tenantId, request.account)
    if (holder && holder.id !== request.id) throw new AppError(ErrorCode.ACCOUNT_EXISTS)
    const passwordHash = request.password === '' ? undefined : await hashMemberPassword(request.password)
    await this.uniquely(() =>
      members.update(tenantId, request.id, {
        account: request.account,
        info: request.info,
        enabled: request.enabled,
        ...(passwordHash ? { passwordHash } : {}),
      }),
    )
    return toView(await this.own(tenantId, request.id))
  }

  async remove(principal: Principal, id: number): Promise<void> {
    const tenantId = principal.account.tenantId
    await this.own(tenantId, id)
    await membersRepository(this.deps.db).remove(tenantId, id)
  }

  /**
   * An .xls of members (§5: xls only), all or nothing: every row is checked first (§5's account
   * and password rules, the info's length, an account twice in the file, an account the tenant
   * has) and one refused row refuses the file, with every refused row reported; otherwise every
   * row is added in one transaction.
   */
  async import(principal: Principal, file: Buffer): Promise<MemberImportReport> {
    const tenantId = principal.account.tenantId
    const rows = readMemberSheet(file)
    if (rows.length === 0)
      return { added: 0, problems: [{ row: 1, account: '', reason: 'validation.member_import_empty' }] }
    const problems: MemberImportProblem[] = []
    const seen = new Set<string>()
    for (const row of rows) {
      const reason =
        firstViolation(memberAccount, row.account) ??
        firstViolation(memberPassword, row.password) ??
        firstViolation(memberInfo, row.info) ??
        (seen.has(row.account.toLowerCase()) ? 'validation.member_import_duplicate' : undefined)
      seen.add(row.account.toLowerCase())
      if (reason) problems.push({ row: row.row, account: row.account.slice(0, 40), reason })
    }
    const taken = await membersRepository(this.deps.db).takenAccounts(
      tenantId,
      rows.map((row) => row.account.toLowerCase()),
    )
    for (const row of rows) {
      if (taken.has(row.account.toLowerCase()) && !problems.some((problem) => problem.row === row.row))
        problems.push({ row: row.row, account: row.account, reason: 'errors.accountExists' })
    }
    if (problems.length > 0) return { added: 0, problems: problems.sort((a, b) => a.row - b.row) }
    const hashes = await hashAll(rows.map((row) => row.password))
    await this.uniquely(() =>
      this.deps.db.transaction((tx) =>
        membersRepository(tx).insert(
          tenantId,
          rows.map((row, index) => ({
            account: row.account,
            passwordHash: hashes[index]!,
            info: row.info,
            enabled: true,
          })),
        ),
      ),
    )
    return { added: rows.length, problems: [] }
  }

  async export(principal: Principal): Promise<FileReply> {
    const rows = await membersRepository(this.deps.db).all(principal.account.tenantId)
    return new FileReply(writeMemberSheet(rows), 'application/vnd.ms-excel', 'members.xls')
  }

  /**
   * For the guest surface: the member whose account and password these are, if enabled; undefined
   * otherwise, after the time of a real check either way (so answers do not tell which accounts
   * exist); only a right password this node verified lately is answered without a second check
   * (VerifiedPasswords). Refused with 600400206 while the member method is off. A hash of older parameters
   * that matches is replaced by one of the members' own (the password is at hand only now).
   */
  async verify(
    tenantId: number,
    account: string,
    password: string,
  ): Promise<{ id: number; account: string } | undefined> {
    const login = await this.guestLogins.submit({ tenantId, account })
    if (!login?.memberEnabled) throw new AppError(ErrorCode.MEMBER_AUTH_DISABLED)
    const member = login.member ?? undefined
    const { matches, stale } =
      member && this.verified.holds(member.passwordHash, password)
        ? { matches: true, stale: false }
        : await memberPasswordMatches(member?.passwordHash, password)
    if (!matches || !member) return undefined
    if (!stale) this.verified.remember(member.passwordHash, password)
    else
      await membersRepository(this.deps.db).rehash(
        tenantId,
        member.id,
        member.passwordHash,
        await hashMemberPassword(password),
      )
    return member.enabled ? { id: member.id, account: member.account } : undefined
  }

  private async own(tenantId: number, id: number): Promise<MemberRow> {
    const members = membersRepository(this.deps.db)
    const row = await members.findInTenant(tenantId, id)
    if (row) return row
    throw new AppError((await members.exists(id)) ? ErrorCode.NO_PERMISSION : ErrorCode.ACCOUNT_NOT_FOUND)
  }

  /** Two writes of one account at once: the unique index decides, the loser hears "already exists". */
  private async uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (violatedUniqueConstraint(error) === UNIQUE_ACCOUNT) throw new AppError(ErrorCode.ACCOUNT_EXISTS)
      throw error
    }
  }
}

async function hashAll(passwords: string[]): Promise<string[]> {
  const hashes: string[] = new Array(passwords.length)
  let next = 0
  const worker = async () => {
    while (next < passwords.length) {
      const index = next++
      hashes[index] = await hashMemberPassword(passwords[index]!)
    }
  }
  await Promise.all(Array.from({ length: HASHES_AT_ONCE }, worker))
  return hashes
}

function toView(row: MemberRow): PortalMember {
  return {
    id: row.id,
    account: row.account,
    info: row.info,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
  }
}
