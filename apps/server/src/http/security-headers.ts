import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

/** HSTS for half a year: long enough to matter, short enough to undo a wrong PUBLIC_URL. */
const HSTS_SECONDS = 180 * 24 * 3600

/**
 * Security headers on every answer — the console's page and files, the API, errors (an
 * onRequest hook, so registered before any route). helmet itself, built once: @fastify/helmet
 * built helmet's middleware again for every request (parsing the CSP's directives each time),
 * ~4 % of the server's CPU at a thousand guest logins a second. A strict CSP for scripts: our own files and
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
  const setHeaders = helmet({
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
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  )
}

/** A CSP source allowing exactly this inline script. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`
}
