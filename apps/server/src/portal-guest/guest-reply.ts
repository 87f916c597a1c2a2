import type { Language } from '@canopy/shared/i18n/languages'
import type { FastifyReply } from 'fastify'
import type { GatewayPortal, GuestAuthService } from '../modules/portal/guest-auth.service'
import type { GuestPageView } from './guest-page'

/** The guest surface's own CSP: no script at all; forms post here and land on the gateway. */
const GUEST_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'"

/** A guest page or message as every guest surface (WiFiDog, openNDS) answers it. */
export function guestHtml(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-security-policy', GUEST_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body)
}

/**
 * Logins per minute (config RATE_LIMIT_GUEST_LOGIN_*, 10 and 600 by default): per guest device of
 * a gateway, and per address — generously, since a venue's guests reach the cloud through the
 * gateway's one public address. Each surface counts in buckets of its own (`surface`).
 */
export function guestLoginLimits(
  surface: string,
  perMinute: { clientPerMinute: number; addressPerMinute: number },
) {
  return {
    client: { name: `${surface}-login-client`, points: perMinute.clientPerMinute, durationSeconds: 60 },
    address: { name: `${surface}-login-address`, points: perMinute.addressPerMinute, durationSeconds: 60 },
  }
}

/** What the captive page shows of a gateway's portal design, in the guest's language. */
export async function portalPageView(
  guests: GuestAuthService,
  portal: GatewayPortal,
  language: Language,
): Promise<
  Pick<
    GuestPageView,
    'language' | 'title' | 'tips' | 'displayType' | 'scheme' | 'banner' | 'tipsPicture' | 'terms' | 'member'
  >
> {
  const methods = portal.setting.methods
  const picture = (id: number | null) =>
    id === null
      ? undefined
      : `/portal/wifidog/login/picture/?gw_id=${encodeURIComponent(portal.device.thingName)}&id=${id}`
  return {
    language,
    title: portal.page.title,
    tips: portal.page.tips,
    displayType: portal.page.displayType,
    scheme: portal.page.scheme,
    banner: picture(portal.page.bannerPictureId),
    tipsPicture: picture(portal.page.tipsPictureId),
    terms: methods.includes('click') ? await guests.termsFor(portal.device.tenantId, language) : undefined,
    member: methods.includes('member'),
  }
}
