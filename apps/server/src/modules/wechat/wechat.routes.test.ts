import { ErrorCode } from '@canopy/shared/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { scanEvent, signedCallbackQuery, startWechatStandIn } from '../../../test/wechat-stand-in'
import { buildWorld, type World } from '../../../test/world'

let standIn: Awaited<ReturnType<typeof startWechatStandIn>>
let app: TestApp
let world: World

beforeAll(async () => {
  standIn = await startWechatStandIn()
  app = await createTestApp({ env: standIn.env })
  world = await buildWorld(app)
})
afterAll(async () => {
  await world.fleet.stop()
  await app.close()
  await standIn.close()
})

const lastScene = () => standIn.stats.qrCodes.at(-1)!.scene

function pushEvent(xml: string, query = signedCallbackQuery(standIn.env.WECHAT_TOKEN)) {
  return app.http.inject({
    method: 'POST',
    url: '/api/wechat/callback',
    query,
    headers: { 'content-type': 'text/xml' },
    payload: xml,
  })
}

async function bindWechatOf(token: string) {
  const info = await app.call<{ bindWechat: number }>({ path: '/backend/user/info', token })
  return info.envelope.data.bindWechat
}

describe('binding WeChat by QR code', () => {
  it('hands out a QR code; a scan binds the account; unbind undoes it', async () => {
    const account = await signedInAccount(app)
    const code = await app.call<{ url: string; expire_seconds: number; uid: number }>({
      path: '/backend/wechat/bind/qrcode',
      token: account.token,
    })
    expect(code.envelope.data).toMatchObject({ uid: account.uid, expire_seconds: 600 })
    expect(code.envelope.data.url).toMatch(/^http:\/\/weixin\.qq\.com\/q\//)
    expect(await bindWechatOf(account.token)).toBe(0)

    const pushed = await pushEvent(scanEvent('openid-scan-1', lastScene()))
    expect(pushed.statusCode).toBe(200)
    expect(pushed.body).toBe('success')
    expect(await bindWechatOf(account.token)).toBe(1)
    const me = await app.call<{ bindWechat: number }>({
      path: '/backend/auth/userinfo',
      token: account.token,
    })
    expect(me.envelope.data.bindWechat).toBe(1)

    expect((await app.call({ path: '/backend/wechat/unbind', token: account.token })).envelope.status).toBe(
      10000,
    )
    expect(await bindWechatOf(account.token)).toBe(0)
  })

  it('binds a user who follows the account by scanning (subscribe event), once per QR code', async () => {
    const first = await signedInAccount(app)
    await app.call({ path: '/backend/wechat/bind/qrcode', token: first.token })
    const scene = lastScene()
    await pushEvent(scanEvent('openid-new-follower', scene, false))
    expect(await bindWechatOf(first.token)).toBe(1)
    await app.call({ path: '/backend/wechat/unbind', token: first.token })
    await pushEvent(scanEvent('openid-new-follower', scene))
    expect(await bindWechatOf(first.token)).toBe(0)
  })

  it('ignores a push without a valid signature', async () => {
    const account = await signedInAccount(app)
    await app.call({ path: '/backend/wechat/bind/qrcode', token: account.token })
    const forged = await pushEvent(scanEvent('openid-forged', lastScene()), {
      ...signedCallbackQuery('not-the-token'),
    })
    expect(forged.statusCode).toBe(403)
    expect(await bindWechatOf(account.token)).toBe(0)
  })

  it('answers WeChat server verification with the echo string', async () => {
    const verified = await app.http.inject({
      method: 'GET',
      url: '/api/wechat/callback',
      query: { ...signedCallbackQuery(standIn.env.WECHAT_TOKEN), echostr: 'echo-123' },
    })
    expect(verified.body).toBe('echo-123')
  })

  it('reuses the access token, and fetches a new one when WeChat says it went stale', async () => {
    const account = await signedInAccount(app)
    await app.call({ path: '/backend/wechat/bind/qrcode', token: account.token })
    const before = standIn.stats.tokenRequests
    await app.call({ path: '/backend/wechat/bind/qrcode', token: account.token })
    expect(standIn.stats.tokenRequests).toBe(before)
    standIn.invalidateTokens()
    const retried = await app.call({ path: '/backend/wechat/bind/qrcode', token: account.token })
    expect(retried.envelope.status).toBe(10000)
    expect(standIn.stats.tokenRequests).toBe(before + 1)
  })

  it('lets a primary account bind and unbind its child, and no one else', async () => {
    const ownerToken = (await login(app, world.a.owner)).access_token
    const uid = String(world.a.childFull.uid)
    const code = await app.call<{ uid: number }>({
      path: '/backend/wechat/bind/qrcode',
      token: ownerToken,
      query: { uid },
    })
    expect(code.envelope.data.uid).toBe(world.a.childFull.uid)
    await pushEvent(scanEvent('openid-child', lastScene()))
    const child = await app.call<{ bindWechat: number }>({
      path: '/backend/user/child/info',
      token: ownerToken,
      query: { uid },
    })
    expect(child.envelope.data.bindWechat).toBe(1)

    const childToken = (await login(app, world.a.childFull)).access_token
    const upward = await app.call({
      path: '/backend/wechat/unbind',
      token: childToken,
      query: { uid: String(world.a.owner.uid) },
    })
    expect(upward.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    const otherTenant = await app.call({
      path: '/backend/wechat/unbind',
      token: (await login(app, world.b.owner)).access_token,
      query: { uid },
    })
    expect(otherTenant.envelope.status).toBe(ErrorCode.NO_PERMISSION)

    await app.call({ path: '/backend/wechat/unbind', token: ownerToken, query: { uid } })
    const after = await app.call<{ bindWechat: number }>({
      path: '/backend/user/child/info',
      token: ownerToken,
      query: { uid },
    })
    expect(after.envelope.data.bindWechat).toBe(0)
  })
})

describe('without WeChat configured', () => {
  it('says so plainly', async () => {
    const plain = await createTestApp()
    const account = await signedInAccount(plain)
    const response = await plain.call({ path: '/backend/wechat/bind/qrcode', token: account.token })
    expect(response.envelope.status).toBe(ErrorCode.WECHAT_NOT_CONFIGURED)
    await plain.close()
  })
})
