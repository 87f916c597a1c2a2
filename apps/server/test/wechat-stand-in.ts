import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for the WeChat Official Account API (api.weixin.qq.com): the token and
 * temporary QR-code calls, answering as WeChat does, errcodes included.
 */
export async function startWechatStandIn(
  credentials = { appId: 'wx-test-app', appSecret: 'wx-test-secret' },
) {
  const validTokens = new Set<string>()
  const stats = { tokenRequests: 0, qrCodes: [] as Array<{ scene: string; expire_seconds: number }> }

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
    },
    /** Makes every token handed out so far invalid, as a token refresh elsewhere would. */
    invalidateTokens: () => validTokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
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
