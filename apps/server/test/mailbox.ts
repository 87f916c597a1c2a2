import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startMailbox(options: { onMail?: (mail: ReceivedMail, index: number) => void } = {}) {
  const received: ReceivedMail[] = []
  const waiting: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
          const mail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '' }
          received.push(mail)
          options.onMail?.(mail, received.length)
          for (const waiter of waiting.splice(0)) {
            if (mail.to.includes(waiter.to)) waiter.resolve(mail)
            else waiting.push(waiter)
          }
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port

  return {
    port,
    received,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'canopy@example.test' },
    /** the next mail to `to` (or one already received) */
    waitFor(to: string): Promise<ReceivedMail> {
      const already = received.find((mail) => mail.to.includes(to))
      if (already) return Promise.resolve(already)
      return new Promise((resolve) => waiting.push({ to, resolve }))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The reset link's token in a received mail. */
export function resetTokenIn(mail: ReceivedMail): string {
  const match = mail.text.match(/\/resetpassword\?token=([A-Za-z0-9._%-]+)/)
  if (!match?.[1]) throw new Error('no reset link in the mail')
  return decodeURIComponent(match[1])
}
