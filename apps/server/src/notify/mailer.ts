import nodemailer from 'nodemailer'
import type { MailConfig } from '../config'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** false when the e-mail service of §3 (server, port, address) is not configured */
  readonly configured: boolean
  send(mail: OutgoingMail): Promise<void>
}

export function createMailer(config: MailConfig | undefined): Mailer {
  if (!config) {
    return {
      configured: false,
      send: () => Promise.reject(new Error('Mail notification service is not configured')),
    }
  }
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    configured: true,
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail })
    },
  }
}
