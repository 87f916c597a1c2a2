import { can } from '@canopy/shared/permissions'
import { mailSettingsRequest } from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { MailSettingsService } from './mail-settings.service'

/** §3 "Email service": the tenant's own SMTP server, port and address, set by its primary account. */
export function mailSettingsRoutes({ mailSettings }: { mailSettings: MailSettingsService }) {
  return [
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/msg/mail/info',
      handler: ({ principal }) => mailSettings.get(principal),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/msg/mail/save',
      body: mailSettingsRequest,
      handler: ({ principal, body }) => mailSettings.save(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/msg/mail/test',
      handler: ({ principal, facts }) => mailSettings.testSend(principal, facts.language),
    }),
  ]
}
