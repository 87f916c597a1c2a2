import type { Executor } from '../../db/client'
import { createMailer, type Mailer } from '../../notify/mailer'
import { mailSettingsRepository } from './mail-settings.repository'

/**
 * The mailer a tenant's pushes go through: its own e-mail service (§3: server, port, address)
 * when it set one, else the server's SMTP settings (whose `configured` may be false).
 */
export async function tenantMailer(db: Executor, tenantId: number, serverMailer: Mailer): Promise<Mailer> {
  const own = await mailSettingsRepository(db).find(tenantId)
  // Port 465 speaks TLS from the start (SMTPS); the others upgrade with STARTTLS when offered.
  return own
    ? createMailer({ host: own.host, port: own.port, from: own.address, secure: own.port === 465 })
    : serverMailer
}
