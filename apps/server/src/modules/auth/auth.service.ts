import { ErrorCode } from '@canopy/shared/errors'
import type { Language } from '@canopy/shared/i18n/languages'
import type { TokenRequest } from '@canopy/shared/validation'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import { ACCOUNT_ENABLED } from '../../db/schema'
import { AppError } from '../../http/app-error'
import { loadGrants } from '../access/grants'
import { accountsRepository } from '../users/accounts.repository'
import type { LoginThrottle } from './login-throttle'
import { passwordMatches } from './passwords'
import type { Principal, PrincipalCache } from './principal'
import { sessionsRepository } from './sessions.repository'
import { hashRefreshToken, newRefreshToken, type TokenService } from './tokens'

export interface TokenPair {
  access_token: string
  refresh_token: string
  /** lifetime of the access token, in seconds */
  expires_in: number
  token_type: 'Bearer'
}

export interface ClientFacts {
  ip: string
  userAgent: string | undefined
  /** the console's language as the request tells it: kept as the account's (its pushes) */
  language?: Language
}

/** Why a session ended, as recorded; a password change shows as "credentials changed". */
export const REVOKED_BY = {
  logout: 'logout',
  refreshReuse: 'refresh-token-reuse',
  passwordChange: 'password-change',
  passwordReset: 'password-reset',
} as const

/** How long an address an account signed in from stays one it is heard from under attack. */
const KNOWN_ADDRESS_DAYS = 90

/** The name a login is counted under: the same for an account that exists and one that does not. */
function loginName(request: TokenRequest): string {
  return request.login_type === 'phone'
    ? `phone:${request.country_code}:${request.username}`
    : `name:${request.username.toLowerCase()}`
}

export class AuthService {
  constructor(
    private readonly deps: {
      db: Database
      tokens: TokenService
      principals: PrincipalCache
      changes: ChangeFeed
      refreshTtlSeconds: number
      throttle: LoginThrottle
    },
  ) {}

  /** How long a session (its refresh tokens) lasts from login. */
  get refreshTtlSeconds(): number {
    return this.deps.refreshTtlSeconds
  }

  /**
   * Failed logins are throttled (login-throttle.ts); past the account's own limit only an address
   * it signed in from before is heard, so guessing from elsewhere cannot keep its owner out.
   */
  async login(request: TokenRequest, client: ClientFacts): Promise<TokenPair> {
    const accounts = accountsRepository(this.deps.db)
    const attempt = { ip: client.ip, login: loginName(request) }
    const refusal = await this.deps.throttle.refusal(attempt)
    if (refusal === 'address' || refusal === 'account-address') throw new AppError(ErrorCode.TOO_FREQUENT)
    const account =
      request.login_type === 'phone'
        ? await accounts.findByPhone(request.country_code, request.username)
        : await accounts.findByUsername(request.username)
    if (
      refusal === 'account' &&
      !(
        account &&
        (await sessionsRepository(this.deps.db).signedInFrom(account.id, client.ip, KNOWN_ADDRESS_DAYS))
      )
    ) {
      throw new AppError(ErrorCode.TOO_FREQUENT)
    }
    if (!(await passwordMatches(account?.passwordHash, request.password)) || !account) {
      await this.deps.throttle.failed(attempt)
      throw new AppError(ErrorCode.ACCOUNT_OR_PASSWORD)
    }
    await this.deps.throttle.succeeded(attempt)
    if (account.status !== ACCOUNT_ENABLED) throw new AppError(ErrorCode.ACCOUNT_DISABLED)

    return this.deps.db.transaction(async (tx) => {
      const sessions = sessionsRepository(tx)
      const expiresAt = new Date(Date.now() + this.deps.refreshTtlSeconds * 1000)
      const sessionId = await sessions.create({ accountId: account.id, expiresAt, ...client })
      await accountsRepository(tx).update(account.id, {
        lastLoginAt: new Date(),
        ...(client.language ? { language: client.language } : {}),
      })
      return this.issuePair(sessions, account.id, sessionId)
    })
  }

  /**
   * Rotates a refresh token: each is good for one use. Presenting a used one means it leaked,
   * so the whole family (the session) ends.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const outcome = await this.deps.db.transaction(async (tx) => {
      const sessions = sessionsRepository(tx)
      const used = await sessions.useRefreshToken(hashRefreshToken(refreshToken))
      if (used.kind !== 'rotated') return { used }
      const session = await sessions.findWithAccount(used.sessionId)
      const refusal = session ? sessionRefusal(session) : ErrorCode.SESSION_ENDED
      if (refusal) return { used, refusal }
      return { used, pair: await this.issuePair(sessions, session!.account.id, used.sessionId) }
    })
    if (outcome.used.kind === 'unknown') throw new AppError(ErrorCode.REFRESH_TOKEN_INVALID)
    if (outcome.used.kind === 'reused') {
      await this.endSession(outcome.used.sessionId, REVOKED_BY.refreshReuse)
      throw new AppError(ErrorCode.REFRESH_TOKEN_REUSED)
    }
    if (outcome.refusal) throw new AppError(outcome.refusal)
    return outcome.pair!
  }

  async logout(principal: Principal): Promise<void> {
    await this.endSession(principal.sessionId, REVOKED_BY.logout)
  }

  /** The caller behind a bearer token, or a refusal that logs the console out. */
  async authenticate(authorization: string | undefined): Promise<Principal> {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : ''
    if (!token) throw new AppError(ErrorCode.TOKEN_MISSING)
    const claims = this.deps.tokens.readAccessToken(token)
    const cached = this.deps.principals.get(claims.sid)
    if (cached) return cached

    const loadStartedIn = this.deps.principals.startLoad()
    const session = await sessionsRepository(this.deps.db).findWithAccount(claims.sid)
    if (!session) {
      // Sessions go with their account: no row means the account was deleted.
      throw new AppError(ErrorCode.ACCOUNT_GONE)
    }
    const refusal = sessionRefusal(session)
    if (refusal) throw new AppError(refusal)
    const access = await loadGrants(this.deps.db, session.account)
    const principal: Principal = { sessionId: session.sessionId, account: session.account, access }
    this.deps.principals.set(principal, loadStartedIn)
    return principal
  }

  private async issuePair(
    sessions: ReturnType<typeof sessionsRepository>,
    accountId: number,
    sessionId: string,
  ): Promise<TokenPair> {
    const refresh = newRefreshToken()
    await sessions.addRefreshToken(sessionId, refresh.hash)
    return {
      access_token: this.deps.tokens.issueAccessToken({ sub: accountId, sid: sessionId }),
      refresh_token: refresh.token,
      expires_in: this.deps.tokens.accessTtlSeconds,
      token_type: 'Bearer',
    }
  }

  private async endSession(sessionId: string, reason: string): Promise<void> {
    await sessionsRepository(this.deps.db).revoke(sessionId, reason)
    await this.deps.changes.publish({ kind: 'session', id: sessionId })
  }
}

function sessionRefusal(session: {
  revokedAt: Date | null
  revokeReason: string | null
  expiresAt: Date
  account: { status: number }
}) {
  if (session.revokedAt) {
    const changed =
      session.revokeReason === REVOKED_BY.passwordChange || session.revokeReason === REVOKED_BY.passwordReset
    return changed ? ErrorCode.CREDENTIALS_CHANGED : ErrorCode.SESSION_ENDED
  }
  if (session.expiresAt.getTime() < Date.now()) return ErrorCode.SESSION_ENDED
  if (session.account.status !== ACCOUNT_ENABLED) return ErrorCode.ACCOUNT_DISABLED
  return undefined
}
