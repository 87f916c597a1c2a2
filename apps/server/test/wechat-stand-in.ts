import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for the WeChat Official Account API (api.weixin.qq.com): the token, temporary
 * QR-code and template-message calls, answering as WeChat does, errcodes included; it keeps the
 * template messages it took.
 */
export async function startWechatStandIn(
  credentials = { appId: 'wx-test-app', appSecret: 'wx-test-secret' },
) {
  const validTokens = new Set<string>()
  const stats = {
    tokenRequests: 0,
    qrCodes: [] as Array<{ scene: string; expire_seconds: number }>,
    templateSends: [] as TemplateSend[],
  }
  /** openids that no longer follow the account: a template message to one is refused (43004) */
  const unfollowed = new Set<string>()
  let msgid = 1000

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const reply = (payload: unknown) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(payload))
    }
    if (url.pathname === '/cgi-bin/token') {
      stats.tokenRequests++
      const ok =
        url.searchParams.get('appid') === credentials.appId &&
        url.searchParams.get('secret') === credentials.appSecret
      if (!ok) return reply({ errcode: 40013, errmsg: 'invalid appid' })
      const token = `token-${randomBytes(8).toString('hex')}`
      validTokens.add(token)
      return reply({ access_token: token, expires_in: 7200 })
    }
    if (url.pathname === '/cgi-bin/qrcode/create' && request.method === 'POST') {
      if (!validTokens.has(url.searchParams.get('access_token') ?? '')) {
        return reply({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' })
      }
      const body = JSON.parse(await readBody(request))
      const scene = body.action_info.scene.scene_str
      stats.qrCodes.push({ scene, expire_seconds: body.expire_seconds })
      const ticket = `ticket-${randomBytes(8).toString('hex')}`
      return reply({ ticket, expire_seconds: body.expire_seconds, url: `http://weixin.qq.com/q/${ticket}` })
    }
    if (url.pathname === '/cgi-bin/message/template/send' && request.method === 'POST') {
      if (!validTokens.has(url.searchParams.get('access_token') ?? '')) {
        return reply({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' })
      }
      const body = JSON.parse(await readBody(request)) as TemplateSend
      if (!body.touser) return reply({ errcode: 40003, errmsg: 'invalid openid' })
      if (!TEMPLATE_IDS.has(body.template_id)) return reply({ errcode: 40037, errmsg: 'invalid template_id' })
      if (unfollowed.has(body.touser)) return reply({ errcode: 43004, errmsg: 'require subscribe' })
      stats.templateSends.push(body)
      return reply({ errcode: 0, errmsg: 'ok', msgid: ++msgid })
    }
    response.statusCode = 404
    reply({ errcode: -1, errmsg: 'not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  return {
    stats,
    env: {
      WECHAT_APP_ID: credentials.appId,
      WECHAT_APP_SECRET: credentials.appSecret,
      WECHAT_TOKEN: 'callback-token',
      WECHAT_API_BASE: `http://127.0.0.1:${port}`,
      // The account's templates; inspection reports have none (their WeChat pushes fail, saying so).
      WECHAT_TEMPLATE_ALARM: 'tpl-alarm',
      WECHAT_TEMPLATE_RECOVERY: 'tpl-recovery',
      WECHAT_TEMPLATE_UPGRADE: 'tpl-upgrade',
      WECHAT_TEMPLATE_ANNOUNCEMENT: 'tpl-announcement',
    },
    /** The template messages WeChat took for this openid. */
    sentTo: (openId: string) => stats.templateSends.filter((send) => send.touser === openId),
    /** The user stops following the account: WeChat refuses template messages to them. */
    unfollow: (openId: string) => unfollowed.add(openId),
    /** Makes every token handed out so far invalid, as a token refresh elsewhere would. */
    invalidateTokens: () => validTokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The templates the stand-in's account has (its env names them). */
const TEMPLATE_IDS = new Set(['tpl-alarm', 'tpl-recovery', 'tpl-upgrade', 'tpl-announcement'])

/** A template message as the stand-in received it. */
export interface TemplateSend {
  touser: string
  template_id: string
  url?: string
  data: Record<string, { value: string }>
}

/** The query WeChat signs a callback with (sha1 of sorted token, timestamp, nonce). */
export function signedCallbackQuery(token: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = randomBytes(6).toString('hex')
  const signature = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex')
  return { signature, timestamp, nonce }
}

/** The XML WeChat pushes when a user scans a QR code with a scene. */
export function scanEvent(openId: string, scene: string, alreadyFollowing = true): string {
  const event = alreadyFollowing ? 'SCAN' : 'subscribe'
  const key = alreadyFollowing ? scene : `qrscene_${scene}`
  return `<xml><ToUserName><![CDATA[gh_canopy]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[ticket]]></Ticket></xml>`
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
  })
}
