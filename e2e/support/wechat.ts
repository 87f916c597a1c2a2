import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect } from '@playwright/test'
import { scanEvent, signedCallbackQuery } from '../../apps/server/test/wechat-stand-in'

function directory(): string {
  const dir = process.env.E2E_WECHAT_DIR
  if (!dir) throw new Error('E2E_WECHAT_DIR is not set: run the suite with npm run test:e2e')
  return dir
}

/** How many QR codes the WeChat stand-in has handed out so far. */
export function qrCodeCount(): number {
  return readdirSync(directory()).length
}

/** The scene of the QR code handed out after the first `before` ones. */
export async function waitForQrScene(before: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const file = path.join(directory(), `${before}.json`)
    if (readdirSync(directory()).includes(`${before}.json`)) {
      return (JSON.parse(readFileSync(file, 'utf8')) as { scene: string }).scene
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no QR code number ${before + 1} within ${timeoutMs} ms`)
}

/** What WeChat tells the server when a user scans the QR code of `scene`. */
export async function scanQrCode(request: APIRequestContext, scene: string, openId = `o-${scene.slice(-8)}`) {
  const token = process.env.E2E_WECHAT_TOKEN ?? ''
  const query = new URLSearchParams(signedCallbackQuery(token))
  const response = await request.post(`/api/wechat/callback?${query}`, {
    data: scanEvent(openId, scene),
    headers: { 'content-type': 'text/xml' },
  })
  expect(response.status()).toBe(200)
}
