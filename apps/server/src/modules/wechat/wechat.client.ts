import type { WechatConfig } from '../../config'
import type { Database } from '../../db/client'
import { wechatRepository } from './wechat.repository'

export interface TemporaryQrCode {
  ticket: string
  /** what the QR code encodes; WeChat opens it when scanned */
  url: string
  expire_seconds: number
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
 * The WeChat Official Account API, the parts binding needs: the access token (kept in the
 * database, so every instance shares one) and temporary QR codes with a string scene.
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
    const attempt = async (token: string) =>
      this.request<TemporaryQrCode>(`/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, body)
    try {
      return await attempt(await this.accessToken())
    } catch (error) {
      if (!(error instanceof WechatApiError) || !STALE_TOKEN_CODES.has(error.errcode)) throw error
      await wechatRepository(this.db).forgetToken(TOKEN_NAME)
      return attempt(await this.accessToken())
    }
  }

  private async accessToken(): Promise<string> {
    const repository = wechatRepository(this.db)
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
