import type { ErrorCodeValue } from '@canopy/shared/errors'
import type { Language } from '@canopy/shared/i18n'
import type { Permission } from '@canopy/shared/permissions'
import type { z } from 'zod'
import type { Principal } from '../modules/auth/principal'
import type { RouteCookies } from './route-cookies'

/** Who may call a route: anyone, or a signed-in caller whose grants permit it (§6). */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'signedIn'; readonly permission: Permission }
  /** platform operators (the CLI), with the operator token; not for console users */
  | { readonly kind: 'operator' }

/** What a handler knows of the request: plain values, so services never see HTTP. */
export interface RequestFacts {
  ip: string
  userAgent: string | undefined
  /** the console language of the caller (cookie, then Accept-Language) */
  language: Language
  /** scheme://host the caller reached us at (registration answers with this host); chosen by the caller, so never for mailed links */
  origin: string
}

export interface RateLimitRule<TBody> {
  /** a name for the counters, e.g. 'login' */
  name: string
  points: number
  durationSeconds: number
  /** one counter per key: typically the IP and the account the call is about (or the caller's) */
  keys(input: { body: TBody; facts: RequestFacts; principal: Principal | undefined }): string[]
}

interface RouteBase<TBody, TQuery> {
  method: 'GET' | 'POST'
  /** below the API root, e.g. '/backend/user/info' */
  path: string
  body?: z.ZodType<TBody>
  query?: z.ZodType<TQuery>
  rateLimit?: RateLimitRule<TBody>
  /** codes this route gives particular broken rules, instead of the general ones */
  validationCodes?: Readonly<Record<string, ErrorCodeValue>>
}

export interface PublicRoute<TBody, TQuery> extends RouteBase<TBody, TQuery> {
  access: { kind: 'public' }
  handler(input: {
    body: TBody
    query: TQuery
    facts: RequestFacts
    cookies: RouteCookies
  }): Promise<unknown> | unknown
}

export interface SignedInRoute<TBody, TQuery> extends RouteBase<TBody, TQuery> {
  access: { kind: 'signedIn'; permission: Permission }
  handler(input: {
    body: TBody
    query: TQuery
    facts: RequestFacts
    cookies: RouteCookies
    principal: Principal
  }): Promise<unknown> | unknown
}

export interface OperatorRoute<TBody, TQuery> extends RouteBase<TBody, TQuery> {
  access: { kind: 'operator' }
  handler(input: { body: TBody; query: TQuery; facts: RequestFacts }): Promise<unknown> | unknown
}

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of routes, each typed where it is defined
export type RouteDefinition = PublicRoute<any, any> | SignedInRoute<any, any> | OperatorRoute<any, any>

/** A route of the operator API (catalogue, provisioning), for the `npm run canopy` CLI. */
export function operatorRoute<TBody = undefined, TQuery = undefined>(
  definition: Omit<OperatorRoute<TBody, TQuery>, 'access'>,
): OperatorRoute<TBody, TQuery> {
  return { ...definition, access: { kind: 'operator' } }
}

/** A route anyone may call (login, register, password reset…). */
export function publicRoute<TBody = undefined, TQuery = undefined>(
  definition: Omit<PublicRoute<TBody, TQuery>, 'access'>,
): PublicRoute<TBody, TQuery> {
  return { ...definition, access: { kind: 'public' } }
}

/**
 * A route for a signed-in caller whose grants permit `permission` (600400143 otherwise); the
 * principal is resolved before the handler runs. Which projects and devices the caller may touch
 * is the service's to check, with the principal's scope.
 */
export function signedInRoute<TBody = undefined, TQuery = undefined>(
  definition: Omit<SignedInRoute<TBody, TQuery>, 'access'> & { permission: Permission },
): SignedInRoute<TBody, TQuery> {
  const { permission, ...rest } = definition
  return { ...rest, access: { kind: 'signedIn', permission } }
}
