import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { logIn, registerViaApi } from '../support/accounts'
import { bindDeviceViaApi, startTestFleet } from '../support/devices'
import { expect, test } from '../support/test'

// One virtual device: backed up, its SSID changed on the device itself, drift seen, the two
// versions compared side by side, and the first one restored. Then a whole project backed up at
// once from /maintain/backup, its progress followed there.
let fleet: Fleet

test.beforeAll(async () => {
  fleet = await startTestFleet(1, { models: ['CAP-1200'] })
})

test.afterAll(async () => {
  await fleet?.stop()
})

const ssidOf = (device: VirtualDevice) =>
  (device.reported.wifi as Record<string, { ssid: string }>)['2g']!.ssid

test('back up a device, see a change made on it as drift, compare the versions, restore the first', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const device = fleet.devices[0]!
  const original = ssidOf(device)
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  const id = await bindDeviceViaApi(page, device.mac)

  // Version 1, with a note.
  await page.goto(`/device/detail?id=${id}&tab=backups`)
  await page.getByRole('button', { name: 'Back up now' }).click()
  const backUp = page.getByRole('dialog', { name: 'Back up the running configuration' })
  await backUp.getByRole('textbox', { name: 'Note' }).fill('before the visit')
  await backUp.getByRole('button', { name: 'OK' }).click()
  const versions = page.getByRole('table')
  await expect(versions.getByRole('row').filter({ hasText: 'before the visit' })).toBeVisible({
    timeout: 20_000,
  })

  // A technician changes the SSID on the device itself: the console says so.
  await device.changeLocally({ wifi: { '2g': { ssid: 'Visitor-Changed' } } })
  const banner = page.getByRole('alert').filter({ hasText: 'Changed on the device' })
  await expect(banner).toBeVisible({ timeout: 20_000 })
  await expect(banner).toContainText('Visitor-Changed')
  await page.goto('/device/management?drift=1')
  const listed = page.getByRole('row').filter({ has: page.getByText(device.mac, { exact: true }) })
  await expect(listed).toBeVisible({ timeout: 20_000 })
  // The list tags it too, beside its status.
  await expect(listed.getByText('Changed on the device', { exact: true })).toBeVisible()

  // Version 2 holds the change; the two side by side show it.
  await page.goto(`/device/detail?id=${id}&tab=backups`)
  await page.getByRole('button', { name: 'Back up now' }).click()
  await page
    .getByRole('dialog', { name: 'Back up the running configuration' })
    .getByRole('button', { name: 'OK' })
    .click()
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3, { timeout: 20_000 })
  await page.getByRole('checkbox', { name: 'Version 1' }).check()
  await page.getByRole('checkbox', { name: 'Version 2' }).check()
  await page.getByRole('button', { name: 'Compare versions' }).click()
  const diff = page.getByRole('region', { name: 'Version 1 ↔ Version 2' })
  await expect(diff.getByText('1 differences')).toBeVisible()
  const changed = diff.locator('tr[data-kind="changed"]')
  await expect(changed).toHaveCount(1)
  await expect(changed).toContainText(original)
  await expect(changed).toContainText('Visitor-Changed')
  await diff.getByRole('button', { name: 'Close' }).click()
  await expect(diff).toBeHidden()

  // Restore version 1: the device runs its old SSID again, and the drift is gone.
  await page
    .getByRole('row')
    .filter({ hasText: 'before the visit' })
    .getByRole('button', { name: 'Restore' })
    .click()
  const restore = page.getByRole('dialog', { name: 'Restore version 1' })
  await restore.getByRole('button', { name: 'Restore' }).click()
  await expect(restore).toBeHidden()
  await expect.poll(() => ssidOf(device), { timeout: 20_000 }).toBe(original)
  await expect(banner).toBeHidden({ timeout: 20_000 })
  await page.goto('/device/management')
  await expect(listed).toBeVisible()
  await expect(listed.getByText('Changed on the device', { exact: true })).toBeHidden({ timeout: 20_000 })
})

test('back up a whole project now and follow its progress under the schedule', async ({ page }) => {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  const project = await startTestFleet(2, { models: ['CAP-1200'] })
  try {
    for (const device of project.devices) await bindDeviceViaApi(page, device.mac)
    await page.goto('/maintain/backup')
    await page.getByRole('button', { name: 'Back up the project now' }).click()
    const progress = page.getByRole('status', { name: 'Progress' })
    await expect(progress).toContainText('2 of 2 devices done, 0 failed, 0 waiting for the device', {
      timeout: 30_000,
    })
  } finally {
    await project.stop()
  }
})
