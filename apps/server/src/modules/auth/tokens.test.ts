import { ErrorCode } from '@canopy/shared/errors'
import { createSigner } from 'fast-jwt'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../http/app-error'
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TokenService } from './tokens'

const SECRET = 'the-right-key-for-token-tests'
const tokens = new TokenService(SECRET, 600, 1800)

/** Each kind of token: how the service reads it, the claims it carries, and its refusal code. */
const kinds = [
  {
    name: 'access token',
    audience: TOKEN_AUDIENCE.access,
    claims: { sub: 7, sid: 'session-1' },
    read: (token: string) => tokens.readAccessToken(token),
    issue: () => tokens.issueAccessToken({ sub: 7, sid: 'session-1' }),
    invalid: ErrorCode.TOKEN_INVALID,
  },
  {
    name: 'reset link',
    audience: TOKEN_AUDIENCE.reset,
    claims: { sub: 7, jti: 'reset-1' },
    read: (token: string) => tokens.readResetToken(token),
    issue: () => tokens.issueResetToken({ sub: 7, jti: 'reset-1' }),
    invalid: ErrorCode.LINK_INVALID,
  },
  {
    name: 'remote link',
    audience: TOKEN_AUDIENCE.remote,
    claims: { sub: 7, tenant: 3, service: 'web' },
    read: (token: string) => tokens.readRemoteToken(token),
    issue: () => tokens.issueRemoteToken({ sub: 7, tenant: 3, service: 'web' }),
    invalid: ErrorCode.LINK_INVALID,
  },
] as const

/** The error code a read ends in, or 'accepted'. */
function outcome(read: () => unknown): number | 'accepted' {
  try {
    read()
    return 'accepted'
  } catch (error) {
    if (error instanceof AppError) return error.codes[0]!
    throw error
  }
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

const inAMinute = () => Math.floor(Date.now() / 1000) + 60

describe.each(kinds)('$name', (kind) => {
  const complete = () => ({ ...kind.claims, aud: kind.audience, iss: TOKEN_ISSUER, exp: inAMinute() })
  const signedWithTheRightKey = (payload: Record<string, unknown>, algorithm: 'HS256' | 'HS512' = 'HS256') =>
    createSigner({ key: SECRET, algorithm, noTimestamp: true })(payload)

  it('is issued with an expiry, its audience and our issuer, and read back', () => {
    const token = kind.issue()
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    expect(payload).toMatchObject({ aud: kind.audience, iss: TOKEN_ISSUER, exp: expect.any(Number) })
    expect(kind.read(token)).toMatchObject(kind.claims)
    // The forging below is only meaningful if a complete forgery with the right key passes.
    expect(outcome(() => kind.read(signedWithTheRightKey(complete())))).toBe('accepted')
  })

  it.each(['exp', 'aud', 'iss'])('is refused without %s, even signed with the right key', (claim) => {
    const payload: Record<string, unknown> = complete()
    delete payload[claim]
    expect(outcome(() => kind.read(signedWithTheRightKey(payload)))).toBe(kind.invalid)
  })

  it.each(Object.keys(kind.claims))('is refused without its own claim %s', (claim) => {
    const payload: Record<string, unknown> = complete()
    delete payload[claim]
    expect(outcome(() => kind.read(signedWithTheRightKey(payload)))).toBe(kind.invalid)
  })

  it('is refused from another issuer or for another audience', () => {
    expect(outcome(() => kind.read(signedWithTheRightKey({ ...complete(), iss: 'elsewhere' })))).toBe(
      kind.invalid,
    )
    for (const audience of Object.values(TOKEN_AUDIENCE).filter((aud) => aud !== kind.audience)) {
      expect(outcome(() => kind.read(signedWithTheRightKey({ ...complete(), aud: audience })))).toBe(
        kind.invalid,
      )
    }
  })

  it('is refused with alg none or another algorithm, whatever its claims', () => {
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(complete())}.`
    expect(outcome(() => kind.read(unsigned))).toBe(kind.invalid)
    expect(outcome(() => kind.read(signedWithTheRightKey(complete(), 'HS512')))).toBe(kind.invalid)
  })
})
