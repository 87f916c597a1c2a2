import AxeBuilder from '@axe-core/playwright'
import type { Fleet } from '@canopy/simulator'
import type { Page } from '@playwright/test'
import { logIn, registerViaApi } from '../support/accounts'
import { bindDeviceViaApi, startTestFleet } from '../support/devices'
import { expect, test } from '../support/test'

/**
 * axe-core on every main page, as a signed-out visitor and as a signed-in owner with a device:
 * no serious or critical violation (WCAG 2.1 A and AA rules, and axe's best practices).
 */
let fleet: Fleet

test.beforeAll(async () => {
  fleet = await startTestFleet(1)
})

test.afterAll(async () => {
  await fleet?.stop()
})

/** The serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    )
}

/** Opens a page, waits until it has painted its content, and checks it. */
async function check(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path)
  await ready(page)
  await page.waitForLoadState('networkidle')
  // A table still loading dims what is under its spinner, which axe would read as low contrast.
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0)
  expect(await seriousViolations(page), `axe on ${path}`).toEqual([])
}

const heading =
  (name: string | RegExp, level = 1) =>
  async (page: Page) => {
    await expect(page.getByRole('heading', { name, level })).toBeVisible()
  }

test('signed out: the login and registration pages have no serious accessibility violation', async ({
  page,
}) => {
  await check(page, '/login', async () => {
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  })
  await check(page, '/register', async () => {
    await expect(page.getByRole('button', { name: 'Register' })).toBeVisible()
  })
})

test('signed in: every main page and every device detail tab has no serious accessibility violation', async ({
  page,
}) => {
  // Sixteen pages, each analysed once it has settled: minutes on two shared cores.
  test.setTimeout(300_000)
  const primary = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, primary)
  await expect(page).toHaveURL(/\/home\/main$/)
  const id = await bindDeviceViaApi(page, fleet.devices[0]!.mac)

  await check(page, '/home/main', heading(/Welcome/))
  await check(page, '/device/management', async () => {
    await expect(page.getByRole('row').filter({ hasText: fleet.devices[0]!.mac })).toBeVisible()
  })
  for (const tab of ['system', 'traffic', 'network', 'wifi', 'log', 'clients']) {
    await check(page, `/device/detail?id=${id}&tab=${tab}`, async () => {
      await expect(page.getByRole('tab', { selected: true })).toBeVisible()
      await expect(page.locator('.ant-skeleton')).toHaveCount(0)
    })
  }
  await check(page, '/project/manage', async () => {
    await expect(page.getByRole('tree').first()).toBeVisible()
  })
  await check(page, '/account/list', async () => {
    await expect(page.getByRole('tab', { name: 'Accounts', selected: true })).toBeVisible()
  })
  await check(page, '/account/list?tab=roles', async () => {
    await expect(page.getByRole('tab', { name: 'Roles', selected: true })).toBeVisible()
  })
  await check(page, '/user_info', heading(/Personal center/))
  // Maintenance: upgrade orders and firmware packages, the operation and upgrade logs.
  await check(page, '/maintain/upgrade', async () => {
    await expect(page.getByRole('tab', { name: 'Upgrade orders', selected: true })).toBeVisible()
    await expect(page.getByText('No upgrade order yet.')).toBeVisible()
  })
  // The order dialog, its advanced options open: every field labelled, every control reachable.
  await page.getByRole('button', { name: 'New upgrade order' }).click()
  const orderDialog = page.getByRole('dialog', { name: 'New upgrade order' })
  await orderDialog.getByRole('button', { name: 'Advanced' }).click()
  await expect(orderDialog.getByText('Wait for offline devices')).toBeVisible()
  expect(await seriousViolations(page), 'axe on the upgrade order dialog').toEqual([])
  await orderDialog.getByRole('button', { name: 'Cancel' }).click()
  await check(page, '/maintain/upgrade?tab=packages', async () => {
    await expect(page.getByRole('tab', { name: 'Firmware packages', selected: true })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /Packages/ })).toBeVisible()
  })
  await check(page, '/maintain/log', async () => {
    await expect(page.getByRole('tab', { name: 'Operation log', selected: true })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /Records/ })).toBeVisible()
  })
  await check(page, '/maintain/log?tab=upgrade', async () => {
    await expect(page.getByRole('tab', { name: 'Upgrade log', selected: true })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /Records/ })).toBeVisible()
  })
})
