import { timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { ErrorCode } from '@canopy/shared/errors'
import { permits } from '@canopy/shared/permissions'
import type { AuthService } from '../modules/auth/auth.service'
import type { Principal } from '../modules/auth/principal'
import { AppError } from './app-error'
import type { Access } from './route'

/** The header the operator CLI sends its token in. */
export const OPERATOR_HEADER = 'x-canopy-operator-token'

/**
 * Who is calling, and may they: the operator token for operator routes, the bearer token and its
 * grants (§6) for signed-in ones, nobody for public ones. The one check every route passes, the
 * JSON pipeline's and the streamed uploads' alike; refused with 600400143 (or the token's own
 * codes) before anything of the request is read.
 */
export async function authorize(
  access: Extract<Access, { kind: 'signedIn' }>,
  headers: IncomingHttpHeaders,
  deps: { auth: AuthService; operatorToken: string },
): Promise<Principal>
export async function authorize(
  access: Access,
  headers: IncomingHttpHeaders,
  deps: { auth: AuthService; operatorToken: string },
): Promise<Principal | undefined>
export async function authorize(
  access: Access,
  headers: IncomingHttpHeaders,
  deps: { auth: AuthService; operatorToken: string },
): Promise<Principal | undefined> {
  if (access.kind === 'public') return undefined
  if (access.kind === 'operator') {
    if (!operatorTokenMatches(headers[OPERATOR_HEADER], deps.operatorToken))
      throw new AppError(ErrorCode.NO_PERMISSION)
    return undefined
  }
  const principal = await deps.auth.authenticate(headers.authorization)
  if (!permits(principal.access, access.permission)) throw new AppError(ErrorCode.NO_PERMISSION)
  return principal
}

function operatorTokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected))
}
