import { ErrorCode } from '@canopy/shared/errors'
import type { Language } from '@canopy/shared/i18n/languages'
import type { MailSettingsRequest } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import type { Mailer } from '../../notify/mailer'
import { translatorFor } from '../../notify/translate'
import type { Principal } from '../auth/principal'
import { mailSettingsRepository } from './mail-settings.repository'
import { tenantMailer } from './tenant-mail'

/** What the console shows of a tenant's e-mail service: its own, or that the server's is used. */
export interface MailSettingsView {
  host: string | null
  port: number | null
  address: string | null
  /** no own settings: pushes go through the server's SMTP (when it has one) */
  usesServerDefault: boolean
  serverConfigured: boolean
}

/** §3 "Email service" of a tenant (its primary account sets it), and the test-send button. */
export class MailSettingsService {
  constructor(private readonly deps: { db: Database; serverMailer: Mailer }) {}

  async get(principal: Principal): Promise<MailSettingsView> {
    const own = await mailSettingsRepository(this.deps.db).find(principal.account.tenantId)
    return {
      host: own?.host ?? null,
      port: own?.port ?? null,
      address: own?.address ?? null,
      usesServerDefault: own === undefined,
      serverConfigured: this.deps.serverMailer.configured,
    }
  }

  async save(principal: Principal, request: MailSettingsRequest): Promise<MailSettingsView> {
    await mailSettingsRepository(this.deps.db).save(principal.account.tenantId, request)
    return this.get(principal)
  }

  /** Mails the caller through the tenant's e-mail service, now: what the server said if it failed. */
  async testSend(principal: Principal, language: Language): Promise<{ to: string }> {
    const to = principal.account.email
    if (!to) throw new AppError(ErrorCode.EMAIL_INCORRECT)
    const mailer = await tenantMailer(this.deps.db, principal.account.tenantId, this.deps.serverMailer)
    if (!mailer.configured) throw new AppError(ErrorCode.MAIL_NOT_CONFIGURED)
    const t = translatorFor(language)
    try {
      await mailer.send({ to, subject: t('messageMail.testSubject'), text: t('messageMail.testBody') })
    } catch (error) {
      throw new AppError(ErrorCode.MAIL_SEND_FAILED, {
        reason: error instanceof Error ? error.message : String(error),
      })
    }
    return { to }
  }
}
