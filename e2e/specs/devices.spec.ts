import type { Fleet } from '@canopy/simulator'
import { simulatedPassword } from '@canopy/simulator'
import type { Locator, Page } from '@playwright/test'
import { logIn, registerViaApi } from '../support/accounts'
import { addProjectViaApi, startTestFleet } from '../support/devices'
import { openMenu } from '../support/menu'
import { expect, test } from '../support/test'

let fleet: Fleet

test.beforeAll(async () => {
  fleet = await startTestFleet(2)
})

test.afterAll(async () => {
  await fleet?.stop()
})

/** The device list's row of a MAC. */
function deviceRow(page: Page, mac: string): Locator {
  return page.getByRole('row').filter({ has: page.getByText(mac, { exact: true }) })
}

async function fillBindDialog(dialog: Locator, mac: string, password: string) {
  await dialog.getByLabel('Device MAC').fill(mac)
  await dialog.getByLabel('Management password').fill(password)
}

test('devices come online: bind a virtual device, watch it online, move it, see it go offline', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const [device, other] = fleet.devices
  if (!device || !other) throw new Error('the fleet has two devices')
  const primary = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, primary)
  await expect(page).toHaveURL(/\/home\/main$/)
  await addProjectViaApi(page, 'Lobby')

  // The primary has no bind button in the top bar (§2): it binds from the device list.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Bind device' })).toHaveCount(0)
  await openMenu(page, 'Device management', 'Device management')
  await expect(page).toHaveURL(/\/device\/management$/)
  await expect(page.getByText('No devices yet')).toBeVisible()

  // §4: the first-time hint points at the bind button until it is dismissed.
  const hint = page.getByRole('tooltip').filter({ hasText: 'Bind your first device' })
  await expect(hint).toBeVisible()
  await hint.getByRole('button', { name: 'Got it' }).click()
  await expect(hint).toBeHidden()

  const dialog = page.getByRole('dialog', { name: 'Bind device' })
  await page.getByRole('button', { name: 'Bind device' }).click()
  await expect(dialog).toBeVisible()

  // The dialog's own rules first: no project ticked, a multicast MAC.
  await fillBindDialog(dialog, '01:00:5E:00:00:01', 'whatever1')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog.getByText('The MAC address cannot be a multicast or broadcast address')).toBeVisible()
  await expect(dialog.getByText('Please select a project')).toBeVisible()
  const projects = dialog.getByRole('tree', { name: 'Project of the device' })
  await projects.getByRole('treeitem', { name: 'My Project' }).getByRole('checkbox').click()
  await expect(projects.getByRole('treeitem', { name: 'My Project' })).toHaveAttribute('aria-checked', 'true')

  // A wrong management password is refused with the bind-error message, beside the buttons.
  await fillBindDialog(dialog, other.mac.toLowerCase(), 'wrong-password')
  await expect(dialog.getByLabel('Device MAC')).toHaveValue(other.mac)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog.getByRole('alert')).toContainText('The device account or management password is wrong')

  // The right one binds it; the device shows in the list, online, within seconds.
  await fillBindDialog(dialog, device.mac, simulatedPassword(device.mac))
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Set successfully. The device will appear in the list')).toBeVisible()
  const row = deviceRow(page, device.mac)
  await expect(row).toBeVisible()
  await expect(row.getByText('Online', { exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'My Project', exact: true })).toBeVisible()

  // Its detail page: what it reported (device-settings.spec.ts covers the tabs).
  await row.getByRole('link', { name: 'Details' }).click()
  await expect(page).toHaveURL(/\/device\/detail\?id=\d+$/)
  await expect(page.getByRole('tab', { name: 'System', selected: true })).toBeVisible()
  await expect(page.getByRole('main').getByText(device.mac, { exact: true })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/device\/management/)

  // Home: the project overview counts it online.
  await openMenu(page, 'Home')
  const overview = page.getByRole('region', { name: 'Project overview' })
  await expect(overview.getByText('1 / 1 online')).toBeVisible()
  await expect(overview.getByText('No device is offline.')).toBeVisible()

  // Move it to the sub-project.
  await openMenu(page, 'Device management', 'Device management')
  const more = row.getByRole('button', { name: /^More actions for / })
  await more.click()
  await page.getByRole('menuitem', { name: 'Move' }).click()
  const move = page.getByRole('dialog', { name: 'Move to another project' })
  await move.getByRole('combobox', { name: 'Project' }).click()
  await page.getByRole('treeitem', { name: 'Lobby' }).click()
  await move.getByRole('button', { name: 'Move' }).click()
  await expect(move).toBeHidden()
  await expect(row.getByRole('cell', { name: 'Lobby', exact: true })).toBeVisible()

  // An online device cannot be deleted (§4): Delete is disabled, and says why.
  await more.click()
  const deleteItem = page.getByRole('menuitem', { name: /^Delete/ })
  await expect(deleteItem).toHaveAttribute('aria-disabled', 'true')
  await expect(deleteItem.getByText(/^Online devices cannot be deleted/)).toBeVisible()
  await page.keyboard.press('Escape')

  // The simulator switches it off: the list shows it offline without a reload, within 5 s of the
  // drop (the requirement), counted from the moment the device went, not from the check.
  const droppedAt = Date.now()
  await device.stop()
  const remaining = 5_000 - (Date.now() - droppedAt)
  await expect(row.getByText('Offline', { exact: true })).toBeVisible({ timeout: Math.max(remaining, 1) })

  // Offline, it can be deleted.
  await more.click()
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click()
  await page
    .getByRole('dialog', { name: /^Delete / })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(row).toHaveCount(0)
})
