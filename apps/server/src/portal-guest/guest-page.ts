import type { Language } from '@canopy/shared/i18n/languages'
import { type PortalGuestCatalogue, portalGuestCatalogues } from '@canopy/shared/i18n/portal-guest'
import { PORTAL_SCHEMES, type PortalScheme } from '@canopy/shared/validation'

type GuestWords = PortalGuestCatalogue['portalGuest']

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function guestWords(language: Language): GuestWords {
  return portalGuestCatalogues[language].portalGuest
}

export interface GuestPageView {
  language: Language
  title: string
  tips: string
  displayType: string
  scheme: string
  /** picture URLs, already built for this gateway */
  banner: string | undefined
  tipsPicture: string | undefined
  /** the click-through terms, when click-through is offered */
  terms: string | undefined
  member: boolean
  /**
   * SMS codes, when offered: `{}` asks for the phone; with `phone` the code was sent to it and the
   * form asks for the code (and can send another).
   */
  sms?: { phone?: string } | undefined
  /** the gateway's parameters, sent back with each form */
  hidden: Record<string, string>
  /** where the forms post */
  action: string
  /** a message above the forms (a refusal), by key */
  message?: keyof GuestWords | undefined
}

/**
 * The captive page, whole, with its CSS inline and no script: a phone on a captive network loads
 * one small document (a test holds it under 50 KB before pictures). Every value from a page's
 * design or the gateway is escaped.
 */
export function renderGuestPage(view: GuestPageView): string {
  const words = guestWords(view.language)
  const colours = PORTAL_SCHEMES[view.scheme as PortalScheme] ?? PORTAL_SCHEMES.blue
  const hidden = Object.entries(view.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
  const form = (method: string, body: string) =>
    `<form method="post" action="${escapeHtml(view.action)}">${hidden}<input type="hidden" name="method" value="${method}">${body}</form>`
  const sections: string[] = []
  if (view.terms !== undefined)
    sections.push(
      form(
        'click',
        `<p class="terms">${escapeHtml(view.terms)}</p><label><input type="checkbox" name="agree" value="1"> ${escapeHtml(words.agree)}</label><button>${escapeHtml(words.connect)}</button>`,
      ),
    )
  if (view.member)
    sections.push(
      form(
        'member',
        `<h2>${escapeHtml(words.memberTitle)}</h2><label>${escapeHtml(words.account)}<input name="account" autocomplete="username" required maxlength="64"></label><label>${escapeHtml(words.password)}<input name="password" type="password" autocomplete="current-password" required maxlength="64"></label><button>${escapeHtml(words.login)}</button>`,
      ),
    )
  if (view.sms) sections.push(form('sms', smsForm(words, view.sms.phone)))
  if (sections.length === 0) sections.push(`<p>${escapeHtml(words.methodOff)}</p>`)
  const banner =
    view.banner && view.displayType !== 'text'
      ? view.displayType === 'background'
        ? ''
        : `<img class="banner" src="${escapeHtml(view.banner)}" alt="">`
      : ''
  const background =
    view.banner && view.displayType === 'background'
      ? `body{background:url("${escapeHtml(view.banner)}") center/cover fixed}`
      : ''
  const tipsPicture = view.tipsPicture
    ? `<img class="tips" src="${escapeHtml(view.tipsPicture)}" alt="">`
    : ''
  const message = !view.message
    ? ''
    : view.message === 'codeSent'
      ? `<p class="note" role="status">${escapeHtml(words.codeSent)}</p>`
      : `<p class="message" role="alert">${escapeHtml(words[view.message])}</p>`
  return `<!doctype html><html lang="${view.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(view.title)}</title><style>body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#1f2329;background:#f5f6f8}${background}main{max-width:420px;margin:0 auto;padding:16px}header{background:${colours.main};color:${colours.text};padding:16px;border-radius:8px}h1{margin:0 0 4px;font-size:22px}h2{font-size:17px;margin:0 0 8px}.banner,.tips{display:block;width:100%;border-radius:8px;margin:8px 0}form{background:#fff;border-radius:8px;padding:16px;margin:12px 0}label{display:block;margin:8px 0}input[name=account],input[type=password],input[type=tel],input[name=code]{display:block;box-sizing:border-box;width:100%;padding:10px;margin-top:4px;font-size:16px}button{width:100%;padding:12px;margin-top:8px;border:0;border-radius:6px;font-size:16px;background:${colours.main};color:${colours.text}}.message,.note{padding:10px;border-radius:6px}.message{background:#fff1f0;color:#a8071a}.note{background:#f6ffed;color:#135200}button.again{background:#fff;color:#1f2329;border:1px solid #d0d3d6}.terms{white-space:pre-wrap;max-height:160px;overflow:auto;font-size:14px}</style></head><body><main>${banner}<header><h1>${escapeHtml(view.title)}</h1><p>${escapeHtml(view.tips)}</p></header>${tipsPicture}${message}${sections.join('')}</main></body></html>`
}

/**
 * The SMS form: the phone and "send code"; once a code went out, the phone kept, the code and
 * "log in" first (Enter logs in), and "send code" again. The phone's pattern is §5's rule, so a
 * browser refuses a broken number before it is sent.
 */
function smsForm(words: GuestWords, phone: string | undefined): string {
  const phoneInput = `<label>${escapeHtml(words.phone)}<input name="phone" type="tel" inputmode="tel" autocomplete="tel" required pattern="\\+?\\d{6,25}" maxlength="26" value="${escapeHtml(phone ?? '')}"></label>`
  if (phone === undefined)
    return `${phoneInput}<button name="step" value="send">${escapeHtml(words.sendCode)}</button>`
  return `${phoneInput}<label>${escapeHtml(words.code)}<input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="\\d{6}" maxlength="6"></label><button name="step" value="verify">${escapeHtml(words.login)}</button><button class="again" name="step" value="send">${escapeHtml(words.sendCode)}</button>`
}

/**
 * A short page of one message (refused, unavailable, too many attempts); with `refresh`, the
 * browser asks that URL again after two seconds (no script: the guest surface's CSP allows none).
 */
export function renderGuestMessage(language: Language, key: keyof GuestWords, refresh?: string): string {
  const words = guestWords(language)
  const again = refresh ? `<meta http-equiv="refresh" content="2;url=${escapeHtml(refresh)}">` : ''
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${again}<title>${escapeHtml(words[key])}</title></head><body><main style="max-width:420px;margin:0 auto;padding:16px;font:16px system-ui,sans-serif"><p role="alert">${escapeHtml(words[key])}</p></main></body></html>`
}
