import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { registerSecurityHeaders, scriptHash } from './security-headers'

/** The CSP as a map of directive → sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  )
}

/** What every answer of the console and the API carries. */
function expectConsoleHeaders(headers: Record<string, unknown>) {
  const csp = directives(headers['content-security-policy'] as string)
  const scripts = csp.get('script-src') ?? []
  expect(scripts).toContain("'self'")
  expect(scripts).not.toContain("'unsafe-inline'")
  expect(scripts).not.toContain("'unsafe-eval'")
  expect(csp.get('default-src')).toEqual(["'self'"])
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'none'"])
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('no-referrer')
  // Not behind HTTPS (no PUBLIC_URL here): a browser must not be told to insist on it.
  expect(headers['strict-transport-security']).toBeUndefined()
}

describe('security headers of the console and the API', () => {
  let app: TestApp
  let webDist: string

  beforeAll(async () => {
    // A built console in miniature: the page with its settings placeholder and one asset.
    webDist = mkdtempSync(path.join(tmpdir(), 'canopy-web-'))
    mkdirSync(path.join(webDist, 'assets'))
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><!--canopy-config--></head><body><script type="module" src="/assets/main.js"></script></body></html>',
    )
    writeFileSync(path.join(webDist, 'assets', 'main.js'), 'console.log(1)\n')
    app = await createTestApp({ env: { WEB_DIST: webDist } })
  })
  afterAll(async () => {
    await app.close()
    rmSync(webDist, { recursive: true, force: true })
  })

  it('are on API answers, refusals and unknown API paths alike', async () => {
    for (const url of ['/api/backend/common/countrycodes', '/api/backend/user/info', '/api/no/such/route']) {
      expectConsoleHeaders((await app.http.inject({ url })).headers)
    }
  })

  it("are on the console's page, whose one inline script the CSP allows by its hash", async () => {
    const page = await app.http.inject({ url: '/devices' })
    expect(page.headers['content-type']).toContain('text/html')
    expectConsoleHeaders(page.headers)
    const inline = [...page.body.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!)
    expect(inline).toHaveLength(1)
    expect(inline[0]).toContain('window.__CANOPY__=')
    expect(directives(page.headers['content-security-policy'] as string).get('script-src')).toContain(
      scriptHash(inline[0]!),
    )
  })

  it("are on the console's files", async () => {
    const asset = await app.http.inject({ url: '/assets/main.js' })
    expect(asset.statusCode).toBe(200)
    expectConsoleHeaders(asset.headers)
  })
})

describe('HSTS', () => {
  const headersWith = async (publicUrl: string | undefined) => {
    const http = Fastify()
    await registerSecurityHeaders(http, { publicUrl, inlineScripts: [] })
    http.get('/', () => 'ok')
    const response = await http.inject({ url: '/' })
    await http.close()
    return response.headers
  }

  it('is sent when the console is served behind HTTPS, and only then', async () => {
    expect((await headersWith('https://console.example.com'))['strict-transport-security']).toBe(
      'max-age=15552000',
    )
    expect((await headersWith('http://console.example.com'))['strict-transport-security']).toBeUndefined()
    expect((await headersWith(undefined))['strict-transport-security']).toBeUndefined()
  })
})
