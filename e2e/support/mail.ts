import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

interface ReceivedMail {
  to: string[]
  subject: string
  text: string
}

/** Waits for the newest mail to `address` that the e2e SMTP receiver wrote to disk. */
export async function waitForMail(address: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const directory = process.env.E2E_MAIL_DIR
  if (!directory) throw new Error('E2E_MAIL_DIR is not set: run the suite with npm run test:e2e')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mails = readdirSync(directory)
      .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))
      .map((file) => JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as ReceivedMail)
    const mail = mails.find((candidate) => candidate.to.includes(address))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`)
}

export function linkIn(mail: ReceivedMail): string {
  const match = mail.text.match(/https?:\/\/\S+\/resetpassword\?token=\S+/)
  if (!match) throw new Error('no reset link in the mail')
  return match[0]
}
