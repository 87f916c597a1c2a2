import { readFile } from 'node:fs/promises'
import type { Fleet } from '@canopy/simulator'
import { logIn, registerViaApi } from '../support/accounts'
import { bindDeviceViaApi, callAsUser, startTestFleet } from '../support/devices'
import { expect, test } from '../support/test'

let fleet: Fleet

test.beforeAll(async () => {
  fleet = await startTestFleet(1)
})

test.afterAll(async () => {
  await fleet?.stop()
})

test('the operation log lists a reboot, filters by the shared date rules and action, and exports CSV', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const device = fleet.devices[0]!
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  const id = await bindDeviceViaApi(page, device.mac)
  await expect(async () => {
    await callAsUser(page, 'POST', 'backend/device/restart', { id })
  }).toPass({ timeout: 15_000 })

  await page.goto('/maintain/log')
  const reboot = page.getByRole('row').filter({ hasText: device.mac })
  await expect(reboot.getByRole('cell', { name: 'Reboot', exact: true })).toBeVisible()

  // A range of one day is refused with the shared rule's message, before any call.
  const filters = page.locator('form[id="operationLogFilters"]')
  await filters.getByPlaceholder('Start date').fill('2024-03-01')
  await filters.getByPlaceholder('End date').fill('2024-03-01')
  await page.keyboard.press('Enter')
  await filters.getByRole('button', { name: 'Search' }).click()
  await expect(filters.getByText('The start and end cannot be the same')).toBeVisible()

  // Recent days replace the range; another action finds nothing, the reboot's finds it.
  await filters.getByRole('combobox', { name: 'Recent days' }).click()
  await page.getByTitle('Last day', { exact: true }).click()
  await filters.getByRole('combobox', { name: 'Action' }).click()
  await page.getByTitle('Timed reboot', { exact: true }).click()
  await filters.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No record matches these filters.')).toBeVisible()
  await filters.getByRole('combobox', { name: 'Action' }).click()
  await page.getByTitle('Reboot', { exact: true }).click()
  await filters.getByRole('button', { name: 'Search' }).click()
  await expect(reboot).toBeVisible()

  // The export is the server's CSV for the same filters.
  const download = page.waitForEvent('download')
  await filters.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.csv$/)
  const csv = await readFile((await file.path())!, 'utf8')
  expect(csv).toContain(device.mac)
})
