import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { ErrorCode } from '@canopy/shared/errors'
import { XMLParser } from 'fast-xml-parser'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import { accountsRepository } from '../users/accounts.repository'
import type { WechatClient } from './wechat.client'
import { wechatRepository } from './wechat.repository'

export const QR_CODE_SECONDS = 600

export interface CallbackSignature {
  signature?: string
  timestamp?: string
  nonce?: string
}

/**
 * Binding an account to a WeChat user (§2 personal center and account list): the console shows
 * a temporary QR code whose scene names a bind request; WeChat tells our callback who scanned it.
 * A primary account may also bind or unbind the WeChat of its child accounts.
 */
export class WechatService {
  private readonly xml = new XMLParser({ parseTagValue: false })

  constructor(
    private readonly deps: {
      db: Database
      changes: ChangeFeed
      /** undefined when WeChat is not configured */
      client: WechatClient | undefined
      callbackToken: string | undefined
    },
  ) {}

  async bindQrCode(principal: Principal, uid: number | undefined) {
    const client = this.deps.client
    if (!client) throw new AppError(ErrorCode.WECHAT_NOT_CONFIGURED)
    const accountId = await this.target(principal, uid)
    const scene = `bind_${randomBytes(16).toString('hex')}`
    // Filed before the code exists, so even the quickest scan finds it; an unused one expires.
    await wechatRepository(this.deps.db).createBindRequest(
      scene,
      accountId,
      new Date(Date.now() + QR_CODE_SECONDS * 1000),
    )
    let code: Awaited<ReturnType<WechatClient['createTemporaryQrCode']>>
    try {
      code = await client.createTemporaryQrCode(scene, QR_CODE_SECONDS)
    } catch {
      throw new AppError(ErrorCode.WECHAT_FAILED)
    }
    return { uid: accountId, url: code.url, ticket: code.ticket, expire_seconds: code.expire_seconds }
  }

  async unbind(principal: Principal, uid: number | undefined): Promise<void> {
    const accountId = await this.target(principal, uid)
    await accountsRepository(this.deps.db).update(accountId, { wechatOpenId: null })
    await this.deps.changes.publish({ kind: 'account', id: accountId })
  }

  /** WeChat signs each callback with sha1 of the sorted token, timestamp and nonce. */
  verifySignature({ signature, timestamp, nonce }: CallbackSignature): boolean {
    const token = this.deps.callbackToken
    if (!token || !signature || !timestamp || !nonce) return false
    const expected = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex')
    return (
      expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
    )
  }

  /**
   * An event pushed by WeChat. A scan of a bind QR code arrives as SCAN (the user follows the
   * account already, EventKey = scene) or subscribe (EventKey = 'qrscene_' + scene).
   */
  async handleEvent(xmlBody: string): Promise<void> {
    const message = this.xml.parse(xmlBody)?.xml as Record<string, string> | undefined
    if (message?.MsgType !== 'event' || !message.FromUserName || !message.EventKey) return
    if (message.Event !== 'SCAN' && message.Event !== 'subscribe') return
    const scene = message.EventKey.replace(/^qrscene_/, '')
    const accountId = await wechatRepository(this.deps.db).takeBindRequest(scene)
    if (accountId === undefined) return
    await accountsRepository(this.deps.db).update(accountId, { wechatOpenId: message.FromUserName })
    await this.deps.changes.publish({ kind: 'account', id: accountId })
  }

  /** The caller itself, or — for a primary account — one of its child accounts. */
  private async target(principal: Principal, uid: number | undefined): Promise<number> {
    if (uid === undefined || uid === principal.account.id) return principal.account.id
    if (principal.account.isPrimary) {
      const [child] = await accountsRepository(this.deps.db).childIdsIn(principal.account.tenantId, [uid])
      if (child !== undefined) return child
    }
    throw new AppError(ErrorCode.NO_PERMISSION)
  }
}
