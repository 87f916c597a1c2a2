import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerConsole } from './console'

const SCRIPT = `export const rows = [${'"a row of the console",'.repeat(400)}]\n`

describe("the console's files as served", () => {
  let app: FastifyInstance
  let webDist: string

  beforeAll(async () => {
    // A built console in miniature: the page, a hashed asset with its build-time copies, and a
    // hashed asset the build left uncompressed.
    webDist = mkdtempSync(path.join(tmpdir(), 'canopy-web-'))
    mkdirSync(path.join(webDist, 'assets'))
    writeFileSync(path.join(webDist, 'index.html'), '<html><head><!--canopy-config--></head></html>')
    writeFileSync(path.join(webDist, 'assets', 'page-abc.js'), SCRIPT)
    writeFileSync(path.join(webDist, 'assets', 'page-abc.js.br'), brotliCompressSync(SCRIPT))
    writeFileSync(path.join(webDist, 'assets', 'page-abc.js.gz'), gzipSync(SCRIPT))
    writeFileSync(path.join(webDist, 'assets', 'plain-def.js'), 'x')
    app = Fastify()
    const page = await registerConsole(app, { webDist, apiRoot: '/api', defaultLanguage: undefined })
    app.setNotFoundHandler((request, reply) => page?.(request, reply) ?? reply.code(404).send())
  })
  afterAll(async () => {
    await app.close()
    rmSync(webDist, { recursive: true, force: true })
  })

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

  it('sends the brotli copy to a browser that takes br, cached for a year', async () => {
    const answer = await get('/assets/page-abc.js', 'br, gzip')
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['content-type']).toContain('javascript')
    expect(answer.headers.vary).toContain('accept-encoding')
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(answer.rawPayload.length).toBe(brotliCompressSync(SCRIPT).length)
    expect(answer.rawPayload.length).toBeLessThan(SCRIPT.length / 10)
  })

  it('sends the gzip copy to one that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzip = await get('/assets/page-abc.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.rawPayload).toEqual(gzipSync(SCRIPT))
    const plain = await get('/assets/page-abc.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('accept-encoding')
    expect(plain.body).toBe(SCRIPT)
  })

  it('sends a file without copies as it is', async () => {
    const answer = await get('/assets/plain-def.js', 'br, gzip')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.body).toBe('x')
  })

  it('serves the page itself, never cached, for any console path', async () => {
    const answer = await get('/device/management', 'br, gzip')
    expect(answer.headers['content-type']).toContain('text/html')
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.body).toContain('window.__CANOPY__=')
  })
})
