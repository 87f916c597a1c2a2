import { createHash, randomBytes } from 'node:crypto'
import { ErrorCode } from '@canopy/shared/errors'
import { createSigner, createVerifier, TokenError } from 'fast-jwt'
import { AppError } from '../../http/app-error'

/** Claims of an access token: the account and the session (refresh-token family) it belongs to. */
export interface AccessClaims {
  sub: number
  sid: string
}

/** Claims of a password-reset link: the account and the reset request it belongs to. */
export interface ResetClaims {
  sub: number
  jti: string
}

/** Who signs every token, so a token from another system signed with a reused key is refused. */
export const TOKEN_ISSUER = 'canopy'
/** The one algorithm we sign with; a token naming another (`none`, RS256, HS512…) is refused. */
const ALGORITHM = 'HS256'
export const TOKEN_AUDIENCE = {
  access: 'canopy:access',
  reset: 'canopy:password-reset',
  remote: 'canopy:remote-management',
} as const
/** How long a remote management link works. */
export const REMOTE_LINK_SECONDS = 600

/** Claims of a remote management link: the device, its tenant and which of its services. */
export interface RemoteClaims {
  sub: number
  tenant: number
  service: 'web' | 'diag'
}

/**
 * One kind of token: signed with an expiry, its audience and our issuer, and read back only
 * when it has all three (fast-jwt checks a claim only when present; `requiredClaims` makes
 * its absence a refusal too), plus the claims the kind cannot do without.
 */
function tokenKind<T extends object>(
  key: string,
  audience: string,
  ttlSeconds: number,
  ownClaims: ReadonlyArray<keyof T & string>,
  options: { cache: boolean },
) {
  return {
    sign: createSigner<T & Record<string, unknown>>({
      key,
      algorithm: ALGORITHM,
      aud: audience,
      iss: TOKEN_ISSUER,
      expiresIn: ttlSeconds * 1000,
    }) as (claims: T) => string,
    verify: createVerifier({
      key,
      algorithms: [ALGORITHM],
      allowedAud: audience,
      allowedIss: TOKEN_ISSUER,
      requiredClaims: ['exp', 'aud', 'iss', ...ownClaims],
      cache: options.cache,
    }) as (token: string) => T,
  }
}

/** Signs and checks the tokens the server hands out (HS256 with the cluster's shared secret). */
export class TokenService {
  private readonly access: ReturnType<typeof tokenKind<AccessClaims>>
  private readonly reset: ReturnType<typeof tokenKind<ResetClaims>>
  private readonly remote: ReturnType<typeof tokenKind<RemoteClaims>>

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    resetTtlSeconds: number,
  ) {
    // Access tokens and remote links are read on every request; a reset link once or twice.
    this.access = tokenKind<AccessClaims>(secret, TOKEN_AUDIENCE.access, accessTtlSeconds, ['sub', 'sid'], {
      cache: true,
    })
    this.reset = tokenKind<ResetClaims>(secret, TOKEN_AUDIENCE.reset, resetTtlSeconds, ['sub', 'jti'], {
      cache: false,
    })
    this.remote = tokenKind<RemoteClaims>(
      secret,
      TOKEN_AUDIENCE.remote,
      REMOTE_LINK_SECONDS,
      ['sub', 'tenant', 'service'],
      { cache: true },
    )
  }

  issueAccessToken(claims: AccessClaims): string {
    return this.access.sign(claims)
  }

  /** Throws TOKEN_EXPIRED or TOKEN_INVALID (both force a logout in the console). */
  readAccessToken(token: string): AccessClaims {
    return readClaims(() => this.access.verify(token), ErrorCode.TOKEN_EXPIRED, ErrorCode.TOKEN_INVALID)
  }

  issueRemoteToken(claims: RemoteClaims): string {
    return this.remote.sign(claims)
  }

  /** Throws LINK_EXPIRED or LINK_INVALID. */
  readRemoteToken(token: string): RemoteClaims {
    return readClaims(() => this.remote.verify(token), ErrorCode.LINK_EXPIRED, ErrorCode.LINK_INVALID)
  }

  issueResetToken(claims: ResetClaims): string {
    return this.reset.sign(claims)
  }

  /** Throws LINK_EXPIRED or LINK_INVALID. */
  readResetToken(token: string): ResetClaims {
    return readClaims(() => this.reset.verify(token), ErrorCode.LINK_EXPIRED, ErrorCode.LINK_INVALID)
  }
}

function readClaims<T>(
  verify: () => T,
  expiredCode: (typeof ErrorCode)[keyof typeof ErrorCode],
  invalidCode: (typeof ErrorCode)[keyof typeof ErrorCode],
): T {
  try {
    return verify()
  } catch (error) {
    if (error instanceof TokenError && error.code === TokenError.codes.expired)
      throw new AppError(expiredCode)
    throw new AppError(invalidCode)
  }
}

/** An opaque refresh token and the hash we keep of it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashRefreshToken(token) }
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
