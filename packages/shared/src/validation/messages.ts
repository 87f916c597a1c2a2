import { z } from 'zod'
import { EMAIL_MAX, EMAIL_PATTERN } from './accounts'
import { idOf, integer, requiredText } from './core'
import { withLogFilters } from './log-filters'
import { page, selection } from './organisation'

/** What a system message (§2 /msg) tells of. */
export const MESSAGE_KINDS = ['alarm', 'recovery', 'upgrade', 'inspection', 'announcement'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/** How a message is pushed besides the console (§3 alarm settings: WeChat or e-mail). */
export const PUSH_CHANNELS = ['email', 'wechat'] as const
export type PushChannel = (typeof PUSH_CHANNELS)[number]

const kind = z.enum(MESSAGE_KINDS, { error: 'validation.message_kind_tips' })

/** /msg: a page of the caller's messages, by kind and by date (the log filters' days or range). */
export const messageListRequest = withLogFilters({ ...page, kind: kind.optional() })
export type MessageListRequest = z.infer<typeof messageListRequest>

/** Marks read or deletes the caller's messages among `ids`. */
export const messageIdsRequest = z.object({ ids: selection })

/** A message as backend/msg/list answers it (the console renders `titleKey` with `params`). */
export interface MessageView {
  id: number
  kind: MessageKind
  titleKey: string
  params: Record<string, string | number>
  link: string | null
  read: boolean
  createdAt: string
  /** each push and how it went (a failed one says why) */
  pushes: Array<{
    channel: PushChannel
    status: 'pending' | 'sent' | 'failed'
    attempts: number
    error: string | null
  }>
}

// Announcements (§3 "System announcement"): published by the operator in every console language.

export const ANNOUNCEMENT_TITLE_MAX = 100
export const ANNOUNCEMENT_BODY_MAX = 10_000

const announcementTitle = requiredText('validation.announcement_title_tips').max(ANNOUNCEMENT_TITLE_MAX, {
  error: 'validation.announcement_title_tips',
})
const announcementBody = requiredText('validation.announcement_body_tips').max(ANNOUNCEMENT_BODY_MAX, {
  error: 'validation.announcement_body_tips',
})
/** One text per language: en-us, zh-cn and es all required. */
const inEveryLanguage = <T extends z.ZodType>(schema: T) =>
  z.object({ 'en-us': schema, 'zh-cn': schema, es: schema }, { error: 'validation.announcement_title_tips' })

export const announcementPublishRequest = z.object({
  title: inEveryLanguage(announcementTitle),
  body: inEveryLanguage(announcementBody),
})
export type AnnouncementPublishRequest = z.infer<typeof announcementPublishRequest>

export const announcementListRequest = z.object(page)
export const announcementIdQuery = z.object({ id: idOf('validation.id_tips') })

/** An announcement as the public pages show it, in every language (the page picks its own). */
export interface AnnouncementView {
  id: number
  title: Record<'en-us' | 'zh-cn' | 'es', string>
  body?: Record<'en-us' | 'zh-cn' | 'es', string>
  publishedAt: string
}

// §3 "Email service" of a tenant, §5: SMTP port 1–65535, server and address required, e-mail pattern.

export const SMTP_HOST_MAX = 253
export const mailSettingsRequest = z.object({
  host: requiredText('validation.smtp_server_empty').max(SMTP_HOST_MAX, {
    error: 'validation.smtp_server_tips',
  }),
  port: integer(1, 65535, 'validation.smtp_port_tips'),
  address: requiredText('validation.smtp_address_empty')
    .max(EMAIL_MAX, { error: 'validation.email_set_error_tips', abort: true })
    .regex(EMAIL_PATTERN, { error: 'validation.email_set_error_tips' }),
})
export type MailSettingsRequest = z.infer<typeof mailSettingsRequest>
