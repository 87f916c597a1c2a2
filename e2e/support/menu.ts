import type { Page } from '@playwright/test'

/**
 * Opens a page from the side menu. A section of several pages is a submenu: it is unfolded first
 * when it is folded (it opens folded on another section's page), then its page is clicked.
 * `timeout` bounds each step where the menu may be gone (else the config's action timeout).
 */
export async function openMenu(page: Page, name: string, section?: string, timeout?: number) {
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  if (section) {
    // antd's submenu title: the element that says whether it is expanded.
    const title = menu.locator('[aria-haspopup="true"]').filter({ hasText: new RegExp(`^${section}$`) })
    if ((await title.getAttribute('aria-expanded', { timeout })) !== 'true') await title.click({ timeout })
  }
  await menu.getByRole('link', { name, exact: true }).click({ timeout })
}
