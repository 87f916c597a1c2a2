import { ErrorCode } from '@canopy/shared/errors'
import { isApiError } from '../../shared/api'

export type RemoteService = 'web' | 'diag'

/** What the page reads of a link's claims (the server verifies them; this only shows them). */
export interface LinkClaims {
  /** seconds since the epoch */
  exp?: number
  service?: string
}

/** Why a remote management page cannot show its device. */
export type LinkProblem = 'expired' | 'invalid' | 'offline'

/** The claims of a signed link (a JWT), unverified; undefined when it is not one. */
export function readLinkClaims(token: string): LinkClaims | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')))
    return typeof claims === 'object' && claims !== null ? (claims as LinkClaims) : undefined
  } catch {
    return undefined
  }
}

/**
 * What the page can tell before asking the server: no link, a link for the other page (a
 * diagnostics link on /manager1…), or one past its time. The server's answer decides the rest.
 */
export function linkProblem(token: string, service: RemoteService, now: number): LinkProblem | undefined {
  const claims = readLinkClaims(token)
  if (!claims || (claims.service !== undefined && claims.service !== service)) return 'invalid'
  if (claims.exp !== undefined && claims.exp * 1000 <= now) return 'expired'
  return undefined
}

/** The server's refusal of a link, as the page explains it; undefined for any other failure. */
export function refusalProblem(error: unknown): LinkProblem | undefined {
  if (!isApiError(error)) return undefined
  if (error.hasCode(ErrorCode.LINK_EXPIRED)) return 'expired'
  if (error.hasCode(ErrorCode.LINK_INVALID) || error.hasCode(ErrorCode.NO_PERMISSION)) return 'invalid'
  if (error.hasCode(ErrorCode.DEVICE_OFFLINE)) return 'offline'
  return undefined
}

/** The tunnel to the device's own pages; the trailing slash keeps the pages' relative links inside. */
export function tunnelUrl(apiBase: string, token: string): string {
  return `${apiBase}remote/${encodeURIComponent(token)}/`
}
