import type { TestApp } from './test-app'
import type { World } from './world'

export interface ProbeRequest {
  body?: unknown
  query?: Record<string, string>
}

/**
 * How the permission matrix (src/http/permissions.matrix.test.ts) exercises one route: a request
 * tenant A's owner may make. Each module lists its routes' probes in a `*.probes.ts` file beside
 * its routes; a signed-in route without a probe fails the matrix.
 */
export interface RouteProbe {
  /** 'METHOD /path', as the route is declared */
  route: string
  /**
   * A request that succeeds for tenant A's owner. It may create what it needs first, as the
   * owner, through `ownerCall` (a delete needs something to delete).
   */
  request(context: ProbeContext): Promise<ProbeRequest> | ProbeRequest
  /** undoes what the owner's successful call changed that later probes rely on */
  restore?(context: ProbeContext): Promise<void>
}

export interface ProbeContext {
  world: World
  app: TestApp
  ownerCall: OwnerCall
}

export type OwnerCall = <T>(method: 'GET' | 'POST', path: string, request?: ProbeRequest) => Promise<T>
