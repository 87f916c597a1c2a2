import { ErrorCode } from '@canopy/shared/errors'
import { NOTICE_PROTOCOL } from '@canopy/shared/notice'
import fastifyWebsocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../http/app-error'
import type { AuthService } from '../auth/auth.service'
import type { Principal } from '../auth/principal'
import type { NoticeHub } from './notice-hub'

/**
 * §7 the notice WebSocket `/notice/{uid}`: a signed-in account opens its own uid only (a bad token
 * is refused with its §8 code and 401, another account's uid with 600400143 and 403, before the
 * upgrade); it then receives `{"nums": n}` on open and whenever its unread count changes.
 */
export async function registerNoticeSocket(
  http: FastifyInstance,
  deps: { auth: AuthService; hub: NoticeHub },
): Promise<void> {
  // Frames from the console are never needed: anything bigger than a ping closes the socket.
  await http.register(fastifyWebsocket, { options: { maxPayload: 1024 } })
  // Who opened each socket, found before the upgrade and read by the handler after it.
  const principals = new WeakMap<FastifyRequest, Principal>()
  http.register(async (scope) => {
    scope.get<{ Params: { uid: string } }>(
      '/notice/:uid',
      {
        websocket: true,
        preValidation: async (request) => {
          const principal = await deps.auth.authenticate(
            bearerFrom(request.headers['sec-websocket-protocol']),
          )
          if (String(principal.account.id) !== request.params.uid) throw new AppError(ErrorCode.NO_PERMISSION)
          principals.set(request, principal)
        },
      },
      (socket, request) => {
        const principal = principals.get(request)!
        deps.hub.add(principal.account.id, principal.sessionId, socket)
      },
    )
  })
}

/**
 * `canopy.notice, <token>` (a browser cannot set an Authorization header on a WebSocket, and a
 * token in the URL would land in proxies' logs) → `Bearer <token>` (undefined without one: refused as missing). */
function bearerFrom(header: string | undefined): string | undefined {
  const [protocol, token] = (header ?? '').split(',').map((part) => part.trim())
  return protocol === NOTICE_PROTOCOL && token ? `Bearer ${token}` : undefined
}
