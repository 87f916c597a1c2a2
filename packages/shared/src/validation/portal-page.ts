import { z } from 'zod'
import { idOf } from './core'
import { ruleOf, urlProblem } from './network'
import { id, page } from './organisation'
import { text50, title } from './text'

// The portal page guests see (§3 "Portal page", §5 title, text and URL rules).

/** How the page is laid out: a banner above the form, the picture behind it, or text only. */
export const PORTAL_DISPLAY_TYPES = ['banner', 'background', 'text'] as const
export type PortalDisplayType = (typeof PORTAL_DISPLAY_TYPES)[number]

/** The colour schemes a page can take; each is a main colour and the text colour on it. */
export const PORTAL_SCHEMES = {
  blue: { main: '#1659c7', text: '#ffffff' },
  green: { main: '#1f7a3a', text: '#ffffff' },
  orange: { main: '#b84d00', text: '#ffffff' },
  red: { main: '#b3261e', text: '#ffffff' },
  dark: { main: '#1f2329', text: '#ffffff' },
} as const
export type PortalScheme = keyof typeof PORTAL_SCHEMES
export const PORTAL_SCHEME_NAMES = Object.keys(PORTAL_SCHEMES) as PortalScheme[]

/** Pictures: what a guest's phone may be sent, and the largest file accepted before re-encoding. */
export const PORTAL_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const PORTAL_PICTURE_MAX_BYTES = 2 * 1024 * 1024
/** A decoded picture larger than this is refused (a small file can decode to a huge image). */
export const PORTAL_PICTURE_MAX_PIXELS = 4096 * 4096

/**
 * The guide address (§5 URL rule) is where a guest's browser is sent after logging in, so it must
 * also be a web address: http or https, nothing a browser would run (javascript:, data:).
 */
export function guideAddressProblem(value: string): string | undefined {
  return urlProblem(value) ?? (/^https?:\/\/[^/?#]+/i.test(value) ? undefined : 'validation.guide_url_tips')
}
export const guideAddress = ruleOf(guideAddressProblem, 'validation.url_empty')

const pictureId = z.union([z.null(), idOf('validation.picture_tips')], { error: 'validation.picture_tips' })

const pageFields = {
  display_type: z.enum(PORTAL_DISPLAY_TYPES, { error: 'validation.display_type_tips' }),
  title,
  tips: text50,
  banner_picture: pictureId.default(null),
  tips_picture: pictureId.default(null),
  guide_url: guideAddress,
  scheme: z.enum(PORTAL_SCHEME_NAMES as [PortalScheme, ...PortalScheme[]], {
    error: 'validation.scheme_tips',
  }),
}

export const portalPageAddRequest = z.object(pageFields)
export const portalPageSaveRequest = z.object({ id, ...pageFields })
export const portalPageQuery = z.object({ id })
export const portalPageListRequest = z.object({ ...page })

export type PortalPageAddRequest = z.infer<typeof portalPageAddRequest>
export type PortalPageSaveRequest = z.infer<typeof portalPageSaveRequest>

/** A portal page as its calls return it; pictures by id (their address: the picture call). */
export interface PortalPage {
  id: number
  display_type: PortalDisplayType
  title: string
  tips: string
  banner_picture: number | null
  tips_picture: number | null
  guide_url: string
  scheme: PortalScheme
  created_at: string
}

/** What the console sends to add or save one. */
export type PortalPageForm = Omit<PortalPage, 'id' | 'created_at'>
