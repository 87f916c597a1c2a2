import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Language } from '@canopy/shared/i18n'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const CONFIG_PLACEHOLDER = '<!--canopy-config-->'

/**
 * The one inline script of the console's page: the settings it needs before its first request.
 * The CSP allows it by its hash (security-headers.ts), so it must be exactly this text.
 */
export function consoleSettingsScript(options: { apiRoot: string; defaultLanguage: Language | undefined }) {
  // `<` escaped: a setting can never close the script element.
  const settings = JSON.stringify({ apiRoot: options.apiRoot, defaultLanguage: options.defaultLanguage })
  return `window.__CANOPY__=${settings.replace(/</g, '\\u003c')}`
}

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined

/**
 * Serves the built console: its files (hashed assets cached for a year; the build's brotli and
 * gzip copies sent as they are to a browser that takes them) and, for any other page
 * path, index.html (never cached) so the console's router decides what the path shows. The
 * settings the console needs before its first request are written into index.html.
 * Returns the page handler for the not-found route, or undefined when there is no built console.
 */
export async function registerConsole(
  app: FastifyInstance,
  options: { webDist: string; apiRoot: string; defaultLanguage: Language | undefined },
): Promise<PageHandler | undefined> {
  const indexFile = path.join(options.webDist, 'index.html')
  if (!existsSync(indexFile)) return undefined
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    CONFIG_PLACEHOLDER,
    `<script>${consoleSettingsScript(options)}</script>`,
  )

  await app.register(fastifyStatic, {
    root: options.webDist,
    wildcard: false,
    index: false,
    // apps/web/scripts/precompress.ts writes <file>.br and <file>.gz at build time: the browser
    // gets the smallest it accepts, with Content-Encoding and Vary: Accept-Encoding.
    preCompressed: true,
    // index.html is served with its settings written in; the build manifest is for tooling only.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })

  return (request, reply) => {
    const pagePath = request.url.split('?')[0] ?? '/'
    const isPage =
      request.method === 'GET' && !pagePath.startsWith(`${options.apiRoot}/`) && !path.extname(pagePath)
    if (!isPage && pagePath !== '/index.html') return undefined
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml)
  }
}
