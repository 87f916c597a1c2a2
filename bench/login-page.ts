// What the login page downloads before its first paint: JS and CSS, gzip-compressed sizes,
// as Chromium actually requests them before the form is on screen. Target: at most 300 KB.
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
  // The moment the login form's button enters the page: it paints in the same frame. Work the
  // console defers until after that paint (the zod rules, the toaster) is not counted.
  await page.addInitScript(() => {
    const watcher = new MutationObserver(() => {
      if (!document.querySelector('form button[type="submit"]')) return
      ;(window as unknown as { usableAt: number }).usableAt = performance.now()
      watcher.disconnect()
    })
    watcher.observe(document, { childList: true, subtree: true })
  })
  await page.goto(`${server.baseUrl}/login`)
  await page.getByRole('button', { name: /log in/i }).waitFor()
  const assets = await page.evaluate(() => {
    const usableAt = (window as unknown as { usableAt: number }).usableAt
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= usableAt)
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => /\.(js|css)$/.test(pathname))
  })
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
