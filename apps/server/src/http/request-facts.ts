import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, type Language, matchLanguage } from '@canopy/shared/i18n'
import type { FastifyRequest } from 'fastify'
import type { RequestFacts } from './route'

/** The caller's language as the console would choose it: cookie, configured default, browser. */
export function requestLanguage(request: FastifyRequest, configuredDefault: Language | undefined): Language {
  const cookie = request.cookies?.[LANGUAGE_COOKIE]
  const accepted = (request.headers['accept-language'] ?? '').split(',').map((part) => part.split(';')[0])
  return matchLanguage([cookie]) ?? configuredDefault ?? matchLanguage(accepted) ?? FALLBACK_LANGUAGE
}

export function requestFacts(request: FastifyRequest, defaultLanguage: Language | undefined): RequestFacts {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    language: requestLanguage(request, defaultLanguage),
    // The caller's own Host (X-Forwarded-Host behind a proxy): caller-chosen, so it must never
    // reach anyone else, e.g. in a mailed link (those use PUBLIC_URL).
    origin: `${request.protocol}://${request.host}`,
  }
}
