import { can } from '@canopy/shared/permissions'
import { diagnosticHost, id } from '@canopy/shared/validation'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { publicRoute, signedInRoute } from '../../http/route'
import { type RemoteService, TUNNEL_CHUNK_BYTES } from './remote.service'

const linkRequest = z.object({ id, service: z.enum(['web', 'diag']).default('web') })
const tokenRequest = z.object({ token: z.string().min(1).max(2048) })
const diagnosticRequest = z.object({
  token: z.string().min(1).max(2048),
  tool: z.enum(['ping', 'traceroute', 'interfaces']),
  host: diagnosticHost.optional(),
})

export function remoteRoutes({ remote }: { remote: RemoteService }) {
  return [
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/device/remote',
      body: linkRequest,
      handler: ({ principal, body }) => remote.openLink(principal, body.id, body.service),
    }),
    // The link is the credential (signed, ten minutes, one device): /manager1 and /manager2 are public pages.
    publicRoute({
      method: 'POST',
      path: '/remote/info',
      body: tokenRequest,
      handler: ({ body }) => remote.describe(body.token),
    }),
    publicRoute({
      method: 'POST',
      path: '/remote/diag',
      body: diagnosticRequest,
      handler: ({ body }) => remote.diagnose(body.token, body.tool, body.host),
    }),
  ]
}

/**
 * The tunnel itself: `{API_ROOT}/remote/{token}/…` passes requests to the device's management
 * page and its answers back. They are served sandboxed (an opaque origin), so a page from a
 * device cannot read the console's storage.
 */
export async function registerRemoteTunnel(
  app: FastifyInstance,
  apiRoot: string,
  remote: RemoteService,
): Promise<void> {
  await app.register(async (scope) => {
    // Bodies pass through as the browser sent them (forms, JSON, anything), not parsed here.
    scope.removeAllContentTypeParsers()
    // A request travels to the device in one MQTT message: one chunk's worth at most.
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: TUNNEL_CHUNK_BYTES },
      (_request, body, done) => done(null, body),
    )
    registerTunnelRoute(scope, apiRoot, remote)
  })
}

/**
 * A device's page runs in an opaque origin (sandbox without same-origin: no console storage,
 * no cookies), with its scripts and forms, framed by the console and by nothing else.
 */
export const TUNNEL_CSP = "sandbox allow-forms allow-scripts; frame-ancestors 'self'"

function registerTunnelRoute(app: FastifyInstance, apiRoot: string, remote: RemoteService): void {
  app.route<{ Params: { token: string; '*': string } }>({
    method: ['GET', 'POST'],
    url: `${apiRoot}/remote/:token/*`,
    handler: async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : ''
      const body = Buffer.isBuffer(request.body) ? request.body : undefined
      const answer = await remote.forward(request.params.token, {
        method: request.method,
        path: `/${request.params['*']}`,
        query,
        contentType: request.headers['content-type'],
        body,
      })
      // The device's page replaces the console's CSP (its own scripts and styles are its
      // business inside the sandbox), and only the console may frame it.
      return reply
        .status(answer.status)
        .type(answer.contentType)
        .header('content-security-policy', TUNNEL_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(answer.body)
    },
  })
}
