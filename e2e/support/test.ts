import { test as base, expect } from '@playwright/test'

/**
 * Playwright's `test`, with one check every spec gets: the page broke no Content Security Policy
 * (a blocked script, style, frame or connection; in the page or in a frame it shows), so a change
 * that breaks the console under its CSP fails here and not in someone's browser.
 */
export const test = base.extend<{ contentSecurityPolicyHeld: undefined }>({
  contentSecurityPolicyHeld: [
    async ({ page }, use) => {
      const violations: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy|securitypolicyviolation/i.test(message.text()))
          violations.push(message.text())
      })
      // Chromium reports most violations in the console; the event names the rest, in every frame.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`,
          )
        })
      })
      await use(undefined)
      expect(violations, 'Content Security Policy violations in the browser').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
