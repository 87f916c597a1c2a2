import type { Language } from '@canopy/shared/i18n/languages'
import type { MessageKind } from '@canopy/shared/validation'
import { translatorFor } from '../../notify/translate'
import type { TemplateMessage } from '../wechat/wechat.client'
import type { MessageRow } from './messages.repository'

type PushedMessage = Pick<MessageRow, 'kind' | 'titleKey' | 'params' | 'link' | 'createdAt'>

/** A digest lists at most this many titles (WeChat cuts a long field anyway). */
const TITLES_SHOWN = 5

/**
 * The template message of one push or a digest of one kind, in `language`. Every template is
 * expected to have the fields `first` (the title, or "N new system messages"), `keyword1` (the
 * kind), `keyword2` (the time of the newest, UTC) and `remark` (a digest's titles, or a line
 * pointing to the console) — docs/decisions.md, "WeChat pushes". Tapping it opens the message's
 * page, or /msg for a digest.
 */
export function composeWechatPush(
  messages: PushedMessage[],
  target: { openId: string; templateId: string },
  language: Language,
  publicUrl: string | undefined,
): TemplateMessage {
  const t = translatorFor(language)
  const title = (message: PushedMessage) => t(message.titleKey, message.params) as string
  const single = messages.length === 1 ? messages[0] : undefined
  const newest = messages.reduce(
    (latest, message) => (message.createdAt > latest ? message.createdAt : latest),
    messages[0]!.createdAt,
  )
  const titles = messages.slice(0, TITLES_SHOWN).map((message) => `- ${title(message)}`)
  if (messages.length > TITLES_SHOWN)
    titles.push(t('messageWechat.more', { count: messages.length - TITLES_SHOWN }))
  const path = single?.link ?? '/msg'
  return {
    touser: target.openId,
    template_id: target.templateId,
    ...(publicUrl ? { url: `${publicUrl.replace(/\/+$/, '')}${path}` } : {}),
    data: {
      first: { value: single ? title(single) : t('messageMail.digestSubject', { count: messages.length }) },
      keyword1: { value: t(`messageWechat.kinds.${messages[0]!.kind as MessageKind}`) },
      keyword2: { value: `${newest.toISOString().slice(0, 16).replace('T', ' ')} UTC` },
      remark: { value: single ? t('messageWechat.remark') : titles.join('\n') },
    },
  }
}

/** A digest's messages by kind: each kind goes with its own template. */
export function byKind<T extends { message: { kind: string } }>(rows: T[]): T[][] {
  const groups = new Map<string, T[]>()
  for (const row of rows) groups.set(row.message.kind, [...(groups.get(row.message.kind) ?? []), row])
  return [...groups.values()]
}
