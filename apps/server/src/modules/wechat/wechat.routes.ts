import { can } from '@canopy/shared/permissions'
import { id } from '@canopy/shared/validation'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { signedInRoute } from '../../http/route'
import type { CallbackSignature, WechatService } from './wechat.service'

const targetQuery = z.object({ uid: id.optional() })

export function wechatRoutes({ wechat }: { wechat: WechatService }) {
  return [
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/wechat/bind/qrcode',
      query: targetQuery,
      handler: ({ principal, query }) => wechat.bindQrCode(principal, query.uid),
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/wechat/unbind',
      query: targetQuery,
      handler: async ({ principal, query }) => {
        await wechat.unbind(principal, query.uid)
        return null
      },
    }),
  ]
}

/**
 * The URL set as "server address" in the Official Account: WeChat's own protocol (plain text and
 * XML, no envelope), authenticated by its signature.
 */
export function registerWechatCallback(app: FastifyInstance, apiRoot: string, wechat: WechatService): void {
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  )
  const url = `${apiRoot}/wechat/callback`
  app.get<{ Querystring: CallbackSignature & { echostr?: string } }>(url, async (request, reply) => {
    if (!wechat.verifySignature(request.query)) return reply.status(403).type('text/plain').send('forbidden')
    return reply.type('text/plain').send(request.query.echostr ?? '')
  })
  app.post<{ Querystring: CallbackSignature; Body: string }>(url, async (request, reply) => {
    if (!wechat.verifySignature(request.query)) return reply.status(403).type('text/plain').send('forbidden')
    await wechat.handleEvent(typeof request.body === 'string' ? request.body : '')
    return reply.type('text/plain').send('success')
  })
}
