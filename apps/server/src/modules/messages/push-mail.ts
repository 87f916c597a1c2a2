import type { Language } from '@canopy/shared/i18n/languages'
import { translatorFor } from '../../notify/translate'
import type { MessageRow } from './messages.repository'

/**
 * The mail of one push or a digest: one message's title as the subject, or the count of a
 * digest's; each message's title, time and console link in the body, in `language`.
 */
export function composePushMail(
  messages: Array<Pick<MessageRow, 'titleKey' | 'params' | 'link' | 'createdAt'>>,
  language: Language,
  publicUrl: string | undefined,
): { subject: string; text: string } {
  const t = translatorFor(language)
  const title = (message: (typeof messages)[number]) => t(message.titleKey, message.params) as string
  const lines = messages.map((message) => {
    const link = message.link && publicUrl ? `\n  ${publicUrl.replace(/\/+$/, '')}${message.link}` : ''
    return `- ${title(message)} (${message.createdAt.toISOString()})${link}`
  })
  return {
    subject:
      messages.length === 1
        ? title(messages[0]!)
        : t('messageMail.digestSubject', { count: messages.length }),
    text: `${t('messageMail.intro')}\n\n${lines.join('\n')}\n\n${t('messageMail.footer')}`,
  }
}
