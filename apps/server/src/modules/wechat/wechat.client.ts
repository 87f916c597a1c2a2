import type { WechatConfig } from '../../config'
import type { Database, Executor } from '../../db/client'
import { wechatRepository } from './wechat.repository'

export interface TemporaryQrCode {
  ticket: string
  /** what the QR code encodes; WeChat opens it when scanned */
  url: string
  expire_seconds: number
}

/** A template message as `message/template/send` takes it: each field of the template by name. */
export interface TemplateMessage {
  touser: string
  template_id: string
  /** opened when the message is tapped */
  url?: string
  data: Record<string, { value: string }>
}

export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`WeChat API error ${errcode}: ${errmsg}`)
  }
}

// errcodes meaning the access token is no longer good: fetch a new one and retry once.
const STALE_TOKEN_CODES = new Set([40001, 40014, 42001])
const TOKEN_NAME = 'wechat-access-token'

/**
 * The WeChat Official Account API, the parts Canopy uses: the access token (kept in the
 * database, so every instance shares one), temporary QR codes with a string scene (binding) and
 * template messages (pushes of system messages).
 */
export class WechatClient {
  constructor(
    private readonly config: WechatConfig,
    private readonly db: Database,
  ) {}

  async createTemporaryQrCode(scene: string, expireSeconds: number): Promise<TemporaryQrCode> {
    const body = {
      expire_seconds: expireSeconds,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: scene } },
    }
    return this.withToken((token) =>
      this.request<TemporaryQrCode>(`/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, body),
    )
  }

  /**
   * A template message to a follower of the account (`message/template/send`): its msgid. `db` is
   * where the access token is kept: a caller inside a transaction passes it, since the embedded
   * database has one session and a second connection would wait for that transaction.
   */
  async sendTemplateMessage(message: TemplateMessage, db: Executor = this.db): Promise<number> {
    const sent = await this.withToken(
      (token) =>
        this.request<{ msgid: number }>(
          `/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`,
          message,
        ),
      db,
    )
    return sent.msgid
  }

  /** A call with the access token; one WeChat says went stale is fetched anew and the call made again, once. */
  private async withToken<T>(call: (token: string) => Promise<T>, db: Executor = this.db): Promise<T> {
    try {
      return await call(await this.accessToken(db))
    } catch (error) {
      if (!(error instanceof WechatApiError) || !STALE_TOKEN_CODES.has(error.errcode)) throw error
      await wechatRepository(db).forgetToken(TOKEN_NAME)
      return call(await this.accessToken(db))
    }
  }

  private async accessToken(db: Executor): Promise<string> {
    const repository = wechatRepository(db)
    const cached = await repository.cachedToken(TOKEN_NAME)
    if (cached) return cached
    const query = new URLSearchParams({
      grant_type: 'client_credential',
      appid: this.config.appId,
      secret: this.config.appSecret,
    })
    const fresh = await this.request<{ access_token: string; expires_in: number }>(`/cgi-bin/token?${query}`)
    // Renew five minutes early: WeChat keeps the old token valid for a while after a new one.
    const expiresAt = new Date(Date.now() + Math.max(fresh.expires_in - 300, 60) * 1000)
    await repository.storeToken(TOKEN_NAME, fresh.access_token, expiresAt)
    return fresh.access_token
  }

  private async request<T>(path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.config.apiBase}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
    const payload = (await response.json()) as T & { errcode?: number; errmsg?: string }
    if (payload.errcode) throw new WechatApiError(payload.errcode, payload.errmsg ?? '')
    return payload
  }
}
