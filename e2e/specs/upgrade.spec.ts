import { buildFirmwareImage } from '@canopy/shared/protocol'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import type { Locator, Page } from '@playwright/test'
import { logIn, registerViaApi } from '../support/accounts'
import { bindDeviceViaApi, startTestFleet } from '../support/devices'
import { expect, test } from '../support/test'

// Three virtual devices of one model: two take a canary order, the third fails once and is retried.
let fleet: Fleet
const MODEL = 'CAP-1200'
const VERSION = '9.9.0'
const FILE = `cap-1200-${VERSION}.img`

test.beforeAll(async () => {
  fleet = await startTestFleet(3, { models: [MODEL] })
})

test.afterAll(async () => {
  await fleet?.stop()
})

function rowOf(scope: Page | Locator, device: VirtualDevice): Locator {
  return scope.getByRole('row').filter({ hasText: device.mac })
}

/** Chooses the only usable version in the order dialog and creates the order. */
async function createOrder(page: Page, options: { canary?: number } = {}) {
  const dialog = page.getByRole('dialog', { name: 'New upgrade order' })
  await dialog.getByRole('combobox', { name: 'Firmware version' }).click()
  // antd's visible option carries its label as its title (the role=option one is for screen readers)
  await page.getByTitle(`${VERSION} (${FILE})`).click()
  if (options.canary) {
    await dialog.getByRole('button', { name: 'Advanced' }).click()
    await dialog.getByRole('radio', { name: 'First devices' }).check()
    await dialog.getByRole('spinbutton', { name: 'Devices in the canary wave' }).fill(String(options.canary))
  }
  await dialog.getByRole('button', { name: 'Create order' }).click()
  await expect(dialog).toBeHidden()
}

/** Opens the newest order's detail on the upgrade page. */
async function openNewestOrder(page: Page): Promise<Locator> {
  await page.goto('/maintain/upgrade')
  await page
    .getByRole('button', { name: /^Details / })
    .first()
    .click()
  const drawer = page.getByRole('dialog', { name: /^Order UPG-/ })
  await expect(drawer).toBeVisible()
  return drawer
}

test('upload a package, run a canary order, watch each device, retry a failed one, read the logs', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const [first, second, third] = fleet.devices as [VirtualDevice, VirtualDevice, VirtualDevice]
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  for (const device of fleet.devices) await bindDeviceViaApi(page, device.mac)

  // A Canopy image names its model and version: the dialog reads them from the file.
  await page.goto('/maintain/upgrade?tab=packages')
  await page.getByRole('button', { name: 'Upload package' }).click()
  const upload = page.getByRole('dialog', { name: 'Upload a firmware package' })
  await upload.locator('input[type=file]').setInputFiles({
    name: FILE,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(buildFirmwareImage({ model: MODEL, version: VERSION, size: 256 * 1024 })),
  })
  await expect(upload.getByText(`Read from the file: model ${MODEL}, version ${VERSION}`)).toBeVisible()
  await upload.getByRole('button', { name: 'Upload package' }).click()
  await expect(upload).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: FILE })).toBeVisible()

  // A canary order for two devices, from the device list's batch Upgrade.
  await page.goto('/device/management')
  for (const device of fleet.devices)
    await expect(rowOf(page, device).getByText('Online', { exact: true })).toBeVisible()
  for (const device of [first, second])
    await rowOf(page, device)
      .getByRole('checkbox', { name: /^Select / })
      .check()
  await page
    .getByRole('toolbar', { name: '2 selected' })
    .getByRole('button', { name: 'Upgrade', exact: true })
    .click()
  await createOrder(page, { canary: 1 })

  // Each device's progress until both run the new version.
  const canaryOrder = await openNewestOrder(page)
  for (const device of [first, second])
    await expect(rowOf(canaryOrder, device).getByText('Success', { exact: true })).toBeVisible({
      timeout: 60_000,
    })
  await expect(canaryOrder.getByText('2 succeeded, 0 failed, 0 upgrading, 0 waiting')).toBeVisible()
  await canaryOrder.getByRole('button', { name: 'Close' }).click()

  // An upgraded device has nothing newer to take: its Upgrade is disabled, and says why.
  await page.goto('/device/management')
  await rowOf(page, first)
    .getByRole('button', { name: /^More actions for / })
    .click()
  const upgradeItem = page.getByRole('menuitem', { name: /^Upgrade/ })
  await expect(upgradeItem).toContainText('No newer firmware package for this model')
  await expect(upgradeItem).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Escape')
  await expect(upgradeItem).toBeHidden()

  // The third device's image arrives corrupted: its upgrade fails, and says why.
  third.upgradeChaos = { 'bad-checksum': 1 }
  await rowOf(page, third)
    .getByRole('button', { name: /^More actions for / })
    .click()
  await page.getByRole('menuitem', { name: 'Upgrade' }).click()
  await createOrder(page)
  const retried = await openNewestOrder(page)
  const thirdRow = rowOf(retried, third)
  // Its upgrade result comes first (its command result and download failed too)
  await expect(thirdRow.getByText('Failed', { exact: true }).first()).toBeVisible({ timeout: 60_000 })
  await expect(thirdRow.getByText('The downloaded image did not match its checksum')).toBeVisible()

  // The filter jumps to the failed devices (the server pages and counts them).
  await retried.getByText('Failed (1)', { exact: true }).click()
  await expect(retried.getByText('Devices: 1', { exact: true })).toBeVisible()

  // Retried once the fault is gone: it upgrades (and leaves the failed ones: all are shown again).
  third.upgradeChaos = {}
  await thirdRow.getByRole('button', { name: `Retry ${third.mac}` }).click()
  await retried.getByText('All (1)', { exact: true }).click()
  await expect(thirdRow.getByText('Success', { exact: true })).toBeVisible({ timeout: 60_000 })
  await expect(thirdRow.getByText('1 of 3')).toBeVisible()
  await retried.getByRole('button', { name: 'Close' }).click()

  // The upgrade log has every device's result; the operation log the orders.
  await page.goto('/maintain/log?tab=upgrade')
  for (const device of fleet.devices)
    await expect(rowOf(page, device).filter({ hasText: 'Success' }).first()).toBeVisible()
  await page.getByRole('tab', { name: 'Operation log' }).click()
  await expect(page.getByRole('cell', { name: 'Firmware upgrade' }).first()).toBeVisible()
})
