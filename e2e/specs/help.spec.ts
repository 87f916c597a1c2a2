import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { logIn, registerViaApi } from '../support/accounts'
import { openMenu } from '../support/menu'
import { expect, test } from '../support/test'

/** The serious and critical accessibility violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

async function switchLanguage(page: Page, name: string) {
  await page
    .getByRole('group', { name: /Language|语言|Idioma/ })
    .getByRole('button', { name })
    .click()
}

test.beforeEach(async ({ page }) => {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
})

test('the help center searches its articles in the current language, and each article has its own address', async ({
  page,
}) => {
  // The top bar's help button on the home page opens the home page's article.
  await page.getByRole('link', { name: 'Help for this page' }).click()
  await expect(page).toHaveURL(/\/help\/home$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Home page' })).toBeVisible()

  await page.getByRole('link', { name: 'Help center' }).click()
  await expect(page).toHaveURL(/\/help$/)
  await expect(page.getByRole('heading', { level: 2, name: 'System maintenance' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // English: results as you type, the words marked in titles and excerpts.
  const search = page.getByRole('searchbox', { name: 'Search the help center' })
  await search.fill('firmware')
  const results = page.getByRole('region', { name: 'Search results' })
  await expect(results.getByRole('status')).toHaveText(/^Articles found: \d+$/)
  const upgrade = results.getByRole('link', { name: 'Upgrade management: firmware and upgrade orders' })
  await expect(upgrade).toBeVisible()
  await expect(upgrade.locator('mark')).toHaveText(['firmware'])
  await search.fill('firmware canary')
  await expect(results.getByRole('link')).toHaveCount(1)
  await search.fill('zzzz')
  await expect(results.getByRole('status')).toHaveText('No article matches “zzzz”. Try another word.')
  expect(await seriousViolations(page)).toEqual([])

  // Chinese: the articles of the new language, searched without spaces.
  await search.fill('')
  await switchLanguage(page, '中文')
  await expect(page.getByRole('heading', { level: 2, name: '系统维护' })).toBeVisible()
  const searchZh = page.getByRole('searchbox', { name: '搜索帮助中心' })
  await searchZh.fill('静默')
  const resultsZh = page.getByRole('region', { name: '搜索结果' })
  await expect(resultsZh.getByRole('status')).toHaveText('找到文章：1 篇')
  await expect(resultsZh.getByRole('link', { name: '告警' })).toBeVisible()
  await expect(resultsZh.locator('mark').first()).toHaveText('静默')

  // Spanish: a query without its accent finds the accented word, marked as written.
  await searchZh.fill('')
  await switchLanguage(page, 'Español')
  const searchEs = page.getByRole('searchbox', { name: 'Buscar en el centro de ayuda' })
  await searchEs.fill('senal 4g')
  const resultsEs = page.getByRole('region', { name: 'Resultados de la búsqueda' })
  const alarmsEs = resultsEs.getByRole('link', { name: 'Alarmas', exact: true })
  await expect(alarmsEs).toBeVisible()
  await expect(resultsEs.locator('mark', { hasText: 'Señal' }).first()).toBeVisible()

  // A result opens its article at its own address, with the words still marked.
  await alarmsEs.click()
  await expect(page).toHaveURL(/\/help\/alarms\?q=senal%204g$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Alarmas' })).toBeVisible()
  await expect(page.locator('article mark').first()).toBeVisible()
  await page.getByRole('button', { name: 'Quitar' }).click()
  await expect(page).toHaveURL(/\/help\/alarms$/)
  await expect(page.locator('article mark')).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // The address works on its own (a reload, a link pasted elsewhere), in the chosen language.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Alarmas' })).toBeVisible()
  await page.goto('/help/no-such-article')
  await expect(page.getByText('Este artículo no existe.')).toBeVisible()
  await switchLanguage(page, 'English')
  await expect(page.getByText('This article does not exist.')).toBeVisible()
})

test('every page’s help button opens that page’s article, which links back to the page', async ({ page }) => {
  await openMenu(page, 'Alarms', 'Device management')
  // The help button follows the page shown, which replaces the last one once its code has loaded.
  const help = page.getByRole('link', { name: 'Help for this page' })
  await expect(help).toHaveAttribute('href', '/help/alarms')
  await help.click()
  await expect(page).toHaveURL(/\/help\/alarms$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Alarms' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Maintenance (mute)' })).toBeVisible()

  await page.getByRole('link', { name: 'Open Alarms' }).click()
  await expect(page).toHaveURL(/\/device\/alarm$/)

  await openMenu(page, 'Log management', 'System maintenance')
  await expect(help).toHaveAttribute('href', '/help/logs')
  await help.click()
  await expect(page).toHaveURL(/\/help\/logs$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Log management' })).toBeVisible()

  // On the help center itself, the button leads to its index.
  await expect(help).toHaveAttribute('href', '/help')
  await help.click()
  await expect(page).toHaveURL(/\/help$/)
})
