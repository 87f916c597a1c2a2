import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { PostedSms } from '../../apps/server/test/sms-stand-in'

/**
 * Waits for the newest text message to `phone` that the server sent through its SMS provider (the
 * runner's stand-in writes each one it takes to a file), as the guest's phone would receive it.
 */
export async function waitForSms(phone: string, timeoutMs = 15_000): Promise<PostedSms> {
  const directory = process.env.E2E_SMS_DIR
  if (!directory) throw new Error('E2E_SMS_DIR is not set: run the suite with npm run test:e2e')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const messages = readdirSync(directory)
      .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))
      .map((file) => JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as PostedSms)
    const message = messages.find((candidate) => candidate.to === phone)
    if (message) return message
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no text message to ${phone} within ${timeoutMs} ms`)
}
