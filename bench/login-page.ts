// What the login page downloads before its first paint: JS and CSS, gzip-compressed sizes,
// as Chromium actually requests them. Target: at most 300 KB.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { printTable, requireBuild, root, startServer } from './support'

requireBuild({ console: true })
const dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-bench-login-'))
const server = await startServer(dataDir)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})
try {
  const page = await browser.newPage()
  const assets = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (/\.(js|css)$/.test(url.pathname)) assets.add(url.pathname)
  })
  await page.goto(`${server.baseUrl}/login`)
  await page.getByRole('button', { name: /log in/i }).waitFor()
  const rows = [...assets].sort().map((asset) => {
    const bytes = readFileSync(path.join(root, 'apps/web/dist', asset))
    return { asset, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  const total = rows.reduce((sum, row) => sum + row.gzip, 0)
  printTable('Login page: JS and CSS loaded before it is usable (gzip)', [
    ...rows.map((row): [string, string] => [row.asset, `${(row.gzip / 1024).toFixed(1)} KB`]),
    ['total', `${(total / 1024).toFixed(1)} KB`, '≤ 300 KB'],
  ])
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
