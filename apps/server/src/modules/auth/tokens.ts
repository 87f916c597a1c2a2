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

const ACCESS_AUDIENCE = 'canopy:access'
const RESET_AUDIENCE = 'canopy:password-reset'
const REMOTE_AUDIENCE = 'canopy:remote-management'
/** How long a remote management link works. */
export const REMOTE_LINK_SECONDS = 600

/** Claims of a remote management link: the device, its tenant and which of its services. */
export interface RemoteClaims {
  sub: number
  tenant: number
  service: 'web' | 'diag'
}

/** Signs and checks the tokens the server hands out (HS256 with the cluster's shared secret). */
export class TokenService {
  private readonly signAccessToken: (claims: AccessClaims) => string
  private readonly verifyAccessToken: (token: string) => AccessClaims
  private readonly signResetToken: (claims: ResetClaims) => string
  private readonly verifyResetToken: (token: string) => ResetClaims
  private readonly signRemoteToken: (claims: RemoteClaims) => string
  private readonly verifyRemoteToken: (token: string) => RemoteClaims

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    resetTtlSeconds: number,
  ) {
    const key = secret
    this.signAccessToken = createSigner({ key, aud: ACCESS_AUDIENCE, expiresIn: accessTtlSeconds * 1000 })
    this.verifyAccessToken = createVerifier({
      key,
      allowedAud: ACCESS_AUDIENCE,
      algorithms: ['HS256'],
      cache: true,
    })
    this.signResetToken = createSigner({ key, aud: RESET_AUDIENCE, expiresIn: resetTtlSeconds * 1000 })
    this.verifyResetToken = createVerifier({ key, allowedAud: RESET_AUDIENCE, algorithms: ['HS256'] })
    this.signRemoteToken = createSigner({ key, aud: REMOTE_AUDIENCE, expiresIn: REMOTE_LINK_SECONDS * 1000 })
    this.verifyRemoteToken = createVerifier({
      key,
      allowedAud: REMOTE_AUDIENCE,
      algorithms: ['HS256'],
      cache: true,
    })
  }

  issueAccessToken(claims: AccessClaims): string {
    return this.signAccessToken(claims)
  }

  /** Throws TOKEN_EXPIRED or TOKEN_INVALID (both force a logout in the console). */
  readAccessToken(token: string): AccessClaims {
    return readClaims(() => this.verifyAccessToken(token), ErrorCode.TOKEN_EXPIRED, ErrorCode.TOKEN_INVALID)
  }

  issueRemoteToken(claims: RemoteClaims): string {
    return this.signRemoteToken(claims)
  }

  /** Throws LINK_EXPIRED or LINK_INVALID. */
  readRemoteToken(token: string): RemoteClaims {
    return readClaims(() => this.verifyRemoteToken(token), ErrorCode.LINK_EXPIRED, ErrorCode.LINK_INVALID)
  }

  issueResetToken(claims: ResetClaims): string {
    return this.signResetToken(claims)
  }

  /** Throws LINK_EXPIRED or LINK_INVALID. */
  readResetToken(token: string): ResetClaims {
    return readClaims(() => this.verifyResetToken(token), ErrorCode.LINK_EXPIRED, ErrorCode.LINK_INVALID)
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
