import { createHash } from 'node:crypto'
import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/** HSTS for half a year: long enough to matter, short enough to undo a wrong PUBLIC_URL. */
const HSTS_SECONDS = 180 * 24 * 3600

/**
 * Security headers on every answer — the console's page and files, the API, errors (helmet's
 * onRequest hook, so registered before any route). A strict CSP for scripts: our own files and
 * the one inline script the server writes into the page (by its hash), no 'unsafe-inline', no
 * 'unsafe-eval'. Styles allow inline: antd's CSS-in-JS writes <style> elements at run time
 * (docs/decisions.md, "Security headers"). Nothing may frame the console; the remote tunnel sets
 * its own framing (remote.routes.ts). No Referer ever leaves: reset and remote management links
 * carry their tokens in the URL. HSTS only when the console's public address is HTTPS.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string | undefined; inlineScripts: readonly string[] },
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.inlineScripts.map(scriptHash)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The remote tunnel is ours (under the API root), shown in a sandboxed frame.
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.publicUrl?.startsWith('https://')
      ? { maxAge: HSTS_SECONDS, includeSubDomains: false }
      : false,
    // Devices and the CLI call the API too; cross-origin isolation is for pages that need it.
    crossOriginEmbedderPolicy: false,
  })
}

/** A CSP source allowing exactly this inline script. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`
}
