import type { Language } from '@canopy/shared/i18n'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { asConsoleWork } from '../db/console-work'
import type { AuthService } from '../modules/auth/auth.service'
import { authorize } from './authorize'
import { success } from './envelope'
import { FileReply } from './file-reply'
import type { RateLimits } from './rate-limit'
import { requestFacts } from './request-facts'
import type { RouteDefinition } from './route'
import { routeCookies } from './route-cookies'
import { parseInput } from './validate'

/**
 * Mounts route definitions under the API root. The order of checks is the same for every route:
 * who is calling (token), may they (permission), is the input valid (shared §5 schema), is it
 * too frequent, then the handler, whose result is wrapped in the success envelope. A signed-in
 * caller is a person at the console: the handler's statements are console work.
 */
export function registerRoutes(
  app: FastifyInstance,
  routes: readonly RouteDefinition[],
  deps: {
    apiRoot: string
    auth: AuthService
    rateLimits: RateLimits
    defaultLanguage: Language | undefined
    operatorToken: string
  },
): void {
  for (const route of routes) {
    const serve = async (request: FastifyRequest, reply: FastifyReply) => {
      const principal = await authorize(route.access, request.headers, deps)
      const facts = requestFacts(request, deps.defaultLanguage)
      const body = route.body ? parseInput(route.body, request.body, route.validationCodes) : undefined
      const query = route.query ? parseInput(route.query, request.query, route.validationCodes) : undefined
      if (route.rateLimit)
        await deps.rateLimits.consume(route.rateLimit, route.rateLimit.keys({ body, facts, principal }))
      const cookies = routeCookies(request, reply, deps.apiRoot)
      // biome-ignore lint/suspicious/noExplicitAny: the definition's own types checked the handler
      const data = await route.handler({ body, query, facts, cookies, principal: principal as any })
      if (data instanceof FileReply)
        return reply
          .header('content-type', data.contentType)
          .header('content-disposition', `attachment; filename="${data.filename}"`)
          .send(data.body)
      return success(data ?? null)
    }
    app.route({
      method: route.method,
      url: `${deps.apiRoot}${route.path}`,
      handler:
        route.access.kind === 'signedIn'
          ? (request, reply) => asConsoleWork(() => serve(request, reply))
          : serve,
    })
  }
}
