import { ErrorCode } from '@canopy/shared/errors'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../shared/api'
import { linkProblem, readLinkClaims, refusalProblem, tunnelUrl } from './link'

/** An unsigned JWT with these claims (the page never checks signatures: the server does). */
function tokenWith(claims: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`
}

const now = Date.UTC(2025, 5, 1, 12, 0, 0)
const inTenMinutes = now / 1000 + 600

describe('remote management links', () => {
  it('reads the claims of a link', () => {
    expect(readLinkClaims(tokenWith({ sub: 7, service: 'web', exp: inTenMinutes }))).toMatchObject({
      service: 'web',
      exp: inTenMinutes,
    })
    expect(readLinkClaims('not-a-link')).toBeUndefined()
    expect(readLinkClaims('a.%%%.b')).toBeUndefined()
  })

  it('tells an invalid or expired link before asking the server', () => {
    expect(linkProblem(tokenWith({ service: 'web', exp: inTenMinutes }), 'web', now)).toBeUndefined()
    expect(linkProblem('', 'web', now)).toBe('invalid')
    expect(linkProblem('garbage', 'web', now)).toBe('invalid')
    // a diagnostics link does not open the management page, nor the other way round
    expect(linkProblem(tokenWith({ service: 'diag', exp: inTenMinutes }), 'web', now)).toBe('invalid')
    expect(linkProblem(tokenWith({ service: 'web', exp: now / 1000 }), 'web', now)).toBe('expired')
  })

  it("explains the server's refusals of a link", () => {
    const refusal = (code: number) => new ApiError([code], 400, null, 'errors.x', false)
    expect(refusalProblem(refusal(ErrorCode.LINK_EXPIRED))).toBe('expired')
    expect(refusalProblem(refusal(ErrorCode.LINK_INVALID))).toBe('invalid')
    expect(refusalProblem(refusal(ErrorCode.DEVICE_OFFLINE))).toBe('offline')
    expect(refusalProblem(refusal(ErrorCode.SERVER_ERROR))).toBeUndefined()
    expect(refusalProblem(new Error('network'))).toBeUndefined()
  })

  it('leads the frame into the tunnel, keeping relative links inside it', () => {
    expect(tunnelUrl('https://console.example.com/api/', 'a.b/c')).toBe(
      'https://console.example.com/api/remote/a.b%2Fc/',
    )
  })
})
