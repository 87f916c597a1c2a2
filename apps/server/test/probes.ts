import { bindBody } from './devices'
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
   * Whose things the request is about. `tenant A`: it names tenant A's things (a device, a
   * project, an account, a role), so tenant B and a child without grants must be refused with
   * 600400143. `the caller`: it asks for the caller's own (a list, a count, its profile), so their
   * answers must not change when tenant A changes.
   */
  about: 'tenant A' | 'the caller'
  /** the call ends the session it is made with (logout): the matrix gives it one of its own */
  endsSession?: true
  /**
   * about the caller, the call makes a new thing of the caller's own (an id each time): the
   * growing-tenant comparison leaves it out, since its answer and the caller's lists change by design
   */
  creates?: true
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

/** A spare device of the world bound by tenant A's owner: each probe that changes one takes its own. */
export async function boundSpare({ world, ownerCall }: ProbeContext, index: number, gid = world.a.p1) {
  const device = world.spare[index]!
  const { id } = await ownerCall<{ id: number }>('POST', '/backend/device/bind', {
    body: bindBody(device.mac, gid),
  })
  return { id, device }
}
