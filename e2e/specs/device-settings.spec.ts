import { reportedSecretHash } from '@canopy/shared/protocol/credential'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import type { Locator, Page } from '@playwright/test'
import { logIn, registerViaApi } from '../support/accounts'
import { bindDeviceViaApi, callAsUser, startTestFleet } from '../support/devices'
import { expect, test } from '../support/test'

// A dual-band AP with virtual APs, one per test: a device is bound to one account at a time.
let fleet: Fleet

test.beforeAll(async () => {
  fleet = await startTestFleet(3, { models: ['CAP-1200'] })
})

test.afterAll(async () => {
  await fleet?.stop()
})

/** Signs a new account in and binds the device to it; returns the device's id. */
async function signInWithDevice(page: Page, device: VirtualDevice): Promise<number> {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  return bindDeviceViaApi(page, device.mac)
}

function deviceOf(index: number): VirtualDevice {
  const device = fleet.devices[index]
  if (!device) throw new Error(`the fleet has no device ${index}`)
  return device
}

/** A part of a tab (a card), found by its title. */
const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true })

/** The section's sync state, once it says `text`. */
const syncState = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text })

/** A settings section as the virtual device has applied it. */
const section = (device: VirtualDevice, name: string) =>
  (device.reported[name] ?? {}) as Record<string, unknown>

test('changes the 5G SSID and password of a virtual AP and watches it go in sync', async ({ page }) => {
  const device = deviceOf(0)
  const id = await signInWithDevice(page, device)

  // From the device list to its detail page, WiFi tab.
  await page.goto('/device/management')
  await page
    .getByRole('row')
    .filter({ has: page.getByText(device.mac, { exact: true }) })
    .getByRole('link', { name: 'Details' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/device/detail\\?id=${id}$`))
  await page.getByRole('tab', { name: 'WiFi' }).click()
  await expect(page).toHaveURL(new RegExp(`/device/detail\\?id=${id}&tab=wifi$`))

  const fiveG = region(page, '5 GHz')
  const ssid = fiveG.getByLabel('SSID', { exact: true })
  await expect(ssid).toHaveValue(/^Canopy-5G-/)
  // The password never comes back: the field is empty and says the current one stays.
  const password = fiveG.getByLabel('WiFi password')
  await expect(password).toHaveValue('')
  await expect(password).toHaveAttribute('placeholder', /Unchanged/)

  // A §5 rule first: too short a password is refused before anything is sent.
  await ssid.fill('Office-5G')
  await password.fill('short')
  await fiveG.getByRole('button', { name: 'Save' }).click()
  await expect(fiveG.getByText('WiFi password: 8-63 characters, or a 64-digit hexadecimal key')).toBeVisible()

  await password.fill('new-secret-55')
  await fiveG.getByRole('button', { name: 'Save' }).click()
  await expect(syncState(page, 'In sync')).toBeVisible({ timeout: 15_000 })
  await expect(ssid).toHaveValue('Office-5G')
  await expect(password).toHaveValue('')

  // The device has them: the SSID as it is, the password only as its hash.
  const applied = section(device, 'wifi')['5g'] as Record<string, unknown> | undefined
  expect(applied?.ssid).toBe('Office-5G')
  expect(applied?.passwordHash).toBe(reportedSecretHash('new-secret-55'))

  // The tab is in the URL: a reload comes back to it, showing the new SSID.
  await page.reload()
  await expect(page.getByRole('tab', { name: 'WiFi', selected: true })).toBeVisible()
  await expect(region(page, '5 GHz').getByLabel('SSID', { exact: true })).toHaveValue('Office-5G')
})

test('schedules a timed reboot on the System tab', async ({ page }) => {
  const device = deviceOf(1)
  const id = await signInWithDevice(page, device)
  await page.goto(`/device/detail?id=${id}`)

  const schedule = region(page, 'Timed reboot')
  await schedule.getByLabel('Reboot on a schedule').click()
  const time = schedule.getByLabel('Reboot at')
  await time.click()
  await time.fill('04:30')
  await time.press('Enter')
  await schedule.getByRole('checkbox', { name: 'Wed' }).check()
  await schedule.getByRole('button', { name: 'Save' }).click()

  await expect(page.getByText('Saved. The device applies the change now')).toBeVisible()
  await expect(syncState(page, 'In sync')).toBeVisible({ timeout: 15_000 })
  await expect
    .poll(() => section(device, 'system').timedReboot)
    .toEqual({ enabled: true, days: [0, 3], time: '04:30' })

  // Saved: it is there after a reload.
  await page.reload()
  const reloaded = region(page, 'Timed reboot')
  await expect(reloaded.getByLabel('Reboot on a schedule')).toBeChecked()
  await expect(reloaded.getByLabel('Reboot at')).toHaveValue('04:30')
  await expect(reloaded.getByRole('checkbox', { name: 'Wed' })).toBeChecked()
})

test('reads the device log and its clients', async ({ page }) => {
  const device = deviceOf(2)
  const id = await signInWithDevice(page, device)
  await page.goto(`/device/detail?id=${id}&tab=log`)

  // The log, read on demand, and downloadable as a text file.
  await page.getByRole('button', { name: 'Read log' }).click()
  const log = page.getByRole('log', { name: 'Device log' })
  const hostname = `CAP-1200-${device.mac.replace(/:/g, '').slice(-4)}`
  await expect(log).toContainText(hostname)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/-log-\d{8}-\d{6}\.txt$/)

  // With logging off (switched off through the API) the device has no log: §8 says so, and
  // logging can be switched on again here.
  await callAsUser(page, 'POST', 'backend/device/setsystem', { id, settings: { logging: false } })
  await expect.poll(() => section(device, 'system').logging).toBe(false)
  await page.getByRole('button', { name: 'Read again' }).click()
  await expect(page.getByText('Logging is off on the device: please enable logging first')).toBeVisible()
  await page.getByRole('button', { name: 'Enable logging' }).click()
  await expect.poll(() => section(device, 'system').logging).toBe(true)
  await page.getByRole('button', { name: 'Read log' }).click()
  await expect(log).toContainText(hostname)

  // The clients connected now, as the device lists them.
  await page.getByRole('tab', { name: 'Clients' }).click()
  await expect(page).toHaveURL(/tab=clients$/)
  const table = page.getByRole('table')
  for (const column of ['MAC', 'IP address', 'SSID', 'Signal', 'Traffic', 'Online for']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible()
  }
  // Clients come and go with the device's telemetry: ask again until one is there.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByRole('status').filter({ hasText: /Connected clients: [1-9]/ })).toBeVisible({
      timeout: 2_000,
    })
  }).toPass({ timeout: 30_000 })
  const first = table.getByRole('row').nth(1)
  await expect(first.getByRole('cell').first()).toHaveText(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/)
  await expect(first).toContainText(/-\d+ dBm/)
})
