import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * The cookies a route reads from its caller and sets on its answer. Every cookie a route sets
 * is HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure when
 * the caller came over HTTPS, and scoped to one path below the API root, so it travels with the
 * calls that need it and no others.
 */
export interface RouteCookies {
  read(name: string): string | undefined
  /** `path` is below the API root, as route paths are */
  set(name: string, value: string, options: { path: string; maxAgeSeconds: number }): void
  clear(name: string, options: { path: string }): void
}

export function routeCookies(request: FastifyRequest, reply: FastifyReply, apiRoot: string): RouteCookies {
  const attributes = (path: string) =>
    ({ path: `${apiRoot}${path}`, httpOnly: true, sameSite: 'strict', secure: 'auto' }) as const
  return {
    read: (name) => request.cookies?.[name],
    set(name, value, { path, maxAgeSeconds }) {
      reply.setCookie(name, value, { ...attributes(path), maxAge: maxAgeSeconds })
    },
    clear(name, { path }) {
      reply.clearCookie(name, attributes(path))
    },
  }
}
