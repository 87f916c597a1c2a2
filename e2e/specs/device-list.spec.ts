import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { simulatedPassword } from '@canopy/simulator'
import type { Locator, Page } from '@playwright/test'
import { logIn, registerViaApi } from '../support/accounts'
import { bindDeviceViaApi, startTestFleet } from '../support/devices'
import { expect, test } from '../support/test'

/** Issue 12: a device list that fits the screen, honest actions, MACs as labels write them. */
let fleet: Fleet

test.beforeAll(async () => {
  fleet = await startTestFleet(6, { models: ['CAP-1200', 'CGW-500', 'C4G-100'] })
})

test.afterAll(async () => {
  await fleet?.stop()
})

function device(index: number): VirtualDevice {
  const found = fleet.devices[index]
  if (!found) throw new Error(`the fleet has no device ${index}`)
  return found
}

function rowOf(page: Page, mac: string): Locator {
  return page.getByRole('row').filter({ has: page.getByText(mac, { exact: true }) })
}

async function signIn(page: Page) {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
}

/** What overflows sideways: the page, the table, or a column or side-menu title cut short. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('.ant-table-content, .ant-table-body')
    const cut = Array.from(document.querySelectorAll('thead th, nav .ant-menu-title-content'))
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => cell.textContent)
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: table ? table.scrollWidth - table.clientWidth : -1,
      cut,
    }
  })
}

test('the device list fits 1440 × 900 without a horizontal scroll, in every language', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page)
  for (const index of [0, 1]) await bindDeviceViaApi(page, device(index).mac)
  await page.goto('/device/management')
  // Each language as its own button names it, switched in place as a user does.
  for (const [language, lang] of [
    ['English', 'en'],
    ['中文', 'zh'],
    ['Español', 'es'],
  ]) {
    await page.getByRole('banner').getByRole('button', { name: language }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))
    for (const index of [0, 1]) await expect(rowOf(page, device(index).mac)).toBeVisible()
    // The WAN address of the latest report shows once the devices have reported.
    await expect(rowOf(page, device(0).mac).getByText(/^\d+\.\d+\.\d+\.\d+$/)).toBeVisible({
      timeout: 15_000,
    })
    expect(await overflow(page), lang).toEqual({ page: 0, table: 0, cut: [] })
  }
})

test('the bind dialog takes a MAC bare, with dashes, or in Cisco’s dotted fours', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page)
  await page.goto('/device/management')
  const forms = [
    (hex: string) => hex,
    (hex: string) => hex.match(/../g)!.join('-').toLowerCase(),
    (hex: string) => hex.toLowerCase().match(/..../g)!.join('.'),
  ]
  for (const [offset, form] of forms.entries()) {
    const { mac } = device(2 + offset)
    const typed = form(mac.replace(/:/g, ''))
    await page.getByRole('button', { name: 'Bind device' }).click()
    const dialog = page.getByRole('dialog', { name: 'Bind device' })
    await dialog.getByLabel('Device MAC').fill(typed)
    await expect(dialog.getByLabel('Device MAC'), typed).toHaveValue(mac)
    await dialog.getByLabel('Management password').fill(simulatedPassword(mac))
    const projects = dialog.getByRole('tree', { name: 'Project of the device' })
    await projects.getByRole('treeitem', { name: 'My Project' }).getByRole('checkbox').click()
    // The device vouches for its password once its status has reached the server.
    await expect(async () => {
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await expect(dialog).toBeHidden({ timeout: 10_000 })
    }).toPass({ timeout: 45_000 })
    await expect(rowOf(page, mac)).toBeVisible()
  }
  // The search reads a MAC in any of those forms too.
  const { mac } = device(3)
  await page
    .getByRole('searchbox', { name: 'Search by name or MAC' })
    .fill(mac.replace(/:/g, '').toLowerCase())
  await page.getByRole('searchbox', { name: 'Search by name or MAC' }).press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Devices: 1' })).toBeVisible()
  await expect(rowOf(page, mac)).toBeVisible()
})

test('a disabled Delete says why on hover; the column chooser is remembered across a reload', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page)
  const online = device(5)
  await bindDeviceViaApi(page, online.mac)
  await page.goto('/device/management')
  const row = rowOf(page, online.mac)
  await expect(row.getByText('Online', { exact: true })).toBeVisible({ timeout: 20_000 })

  await row.getByRole('checkbox', { name: /^Select / }).check()
  const toolbar = page.getByRole('toolbar', { name: '1 selected' })
  const remove = toolbar.getByRole('button', { name: 'Delete' })
  await expect(remove).toBeDisabled()
  await remove.hover({ force: true })
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'Online devices cannot be deleted' }),
  ).toBeVisible()
  await expect(toolbar.getByRole('button', { name: 'Unbind' })).toBeEnabled()

  const headers = page.getByRole('columnheader')
  await expect(headers.filter({ hasText: 'IP address' })).toHaveCount(1)
  await expect(headers.filter({ hasText: 'Firmware' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('checkbox', { name: 'IP address' }).uncheck()
  await page.getByRole('checkbox', { name: 'Firmware' }).check()
  await expect(headers.filter({ hasText: 'Firmware' })).toHaveCount(1)
  await expect(headers.filter({ hasText: 'IP address' })).toHaveCount(0)

  await page.reload()
  await expect(row).toBeVisible()
  await expect(headers.filter({ hasText: 'Firmware' })).toHaveCount(1)
  await expect(headers.filter({ hasText: 'IP address' })).toHaveCount(0)
})
