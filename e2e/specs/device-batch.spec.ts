import type { Fleet, VirtualDevice } from '@canopy/simulator'
import type { Locator, Page } from '@playwright/test'
import { logIn, registerViaApi } from '../support/accounts'
import { bindDeviceViaApi, startTestFleet } from '../support/devices'
import { expect, test } from '../support/test'

// Virtual devices: a device is bound to one account at a time, and each test has its own.
let fleet: Fleet
// WiFi goes in batch only to devices of one model.
let sameModel: Fleet

test.beforeAll(async () => {
  fleet = await startTestFleet(7)
  sameModel = await startTestFleet(2, { models: ['CAP-1200'] })
})

test.afterAll(async () => {
  await fleet?.stop()
  await sameModel?.stop()
})

function devicesOf(...indexes: number[]): VirtualDevice[] {
  return indexes.map((index) => {
    const device = fleet.devices[index]
    if (!device) throw new Error(`the fleet has no device ${index}`)
    return device
  })
}

/** Signs a new account in, binds the devices to it, and opens the device list with them online. */
async function signInWithDevices(page: Page, devices: readonly VirtualDevice[]) {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  for (const device of devices) await bindDeviceViaApi(page, device.mac)
  await page.goto('/device/management')
  for (const device of devices) await expect(statusOf(page, device, 'Online')).toBeVisible()
}

function rowOf(page: Page, device: VirtualDevice): Locator {
  return page.getByRole('row').filter({ has: page.getByText(device.mac, { exact: true }) })
}

function statusOf(page: Page, device: VirtualDevice, status: 'Online' | 'Offline'): Locator {
  return rowOf(page, device).getByText(status, { exact: true })
}

async function select(page: Page, devices: readonly VirtualDevice[]) {
  for (const device of devices)
    await rowOf(page, device)
      .getByRole('checkbox', { name: /^Select / })
      .check()
}

test('batch-reboot three online devices and watch each settle in the progress view', async ({ page }) => {
  test.setTimeout(120_000)
  const devices = devicesOf(0, 1, 2)
  await signInWithDevices(page, devices)

  await select(page, devices)
  const toolbar = page.getByRole('toolbar', { name: '3 selected' })
  await toolbar.getByRole('button', { name: 'Reboot', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Reboot the 3 selected devices?' })
  await confirm.getByRole('button', { name: 'Reboot' }).click()

  const progress = page.getByRole('dialog', { name: 'Reboot: progress' })
  await expect(progress.getByRole('status')).toHaveText('3 of 3 devices done', { timeout: 30_000 })
  await expect(progress.getByText('Done on every device.')).toBeVisible()
  for (const device of devices) {
    const row = progress.getByRole('row').filter({ has: page.getByText(device.mac, { exact: true }) })
    await expect(row.getByText('Done', { exact: true })).toBeVisible()
  }
  // The devices did reboot: each logged the cloud's command.
  for (const device of devices)
    expect(device.log.last(50).join('\n')).toContain('reboot requested by the cloud')
  await progress.getByRole('button', { name: 'Close' }).last().click()
  await expect(progress).toBeHidden()
})

test('a batch with an offline device has its operations disabled, saying why, and nothing is sent', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const devices = devicesOf(3, 4, 5)
  const [, , gone] = devices
  await signInWithDevices(page, devices)

  // The simulator switches one off: the list shows it offline within seconds.
  await gone!.stop()
  await expect(statusOf(page, gone!, 'Offline')).toBeVisible({ timeout: 10_000 })

  const sent: string[] = []
  page.on('request', (request) => {
    if (/\/backend\/device\/(restarts|setwifis|timerestart|setleds)$/.test(request.url()))
      sent.push(request.url())
  })
  await select(page, devices)
  const toolbar = page.getByRole('toolbar', { name: '3 selected' })
  const reboot = toolbar.getByRole('button', { name: 'Reboot', exact: true })
  await expect(reboot).toBeDisabled()
  await expect(reboot).toHaveAccessibleDescription('Offline devices cannot be rebooted')
  await reboot.hover({ force: true })
  await expect(page.getByRole('tooltip', { name: 'Offline devices cannot be rebooted' })).toBeVisible()
  await expect(toolbar.getByRole('button', { name: 'LED' })).toBeDisabled()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(sent).toEqual([])
})

test("open a device's remote management page and its diagnostics through the cloud", async ({ page }) => {
  test.setTimeout(120_000)
  const [device] = devicesOf(6)
  await signInWithDevices(page, [device!])

  const remote = rowOf(page, device!).getByRole('button', { name: /^More actions for / })
  await remote.click()
  const opened = page.waitForEvent('popup')
  await page.getByRole('menuitem', { name: 'Management page' }).click()
  const manager = await opened
  await manager.waitForURL(/\/manager1\?token=/)
  await expect(manager.getByRole('heading', { name: 'Remote management' })).toBeVisible()
  await expect(manager.getByText('Link valid until')).toBeVisible()

  // The device's own status page, inside the sandboxed frame.
  const frame = manager.frameLocator('iframe[title^="Management page of "]')
  await expect(frame.getByRole('heading', { name: 'Status' })).toBeVisible({ timeout: 20_000 })
  await expect(frame.getByText(device!.mac)).toBeVisible()
  await expect(manager.locator('iframe')).toHaveAttribute('sandbox', 'allow-forms allow-scripts')
  // Its links stay inside the tunnel.
  await frame.getByRole('link', { name: 'Clients' }).click()
  await expect(frame.getByRole('heading', { name: 'Clients' })).toBeVisible()

  // A link that is not one says so.
  await manager.goto('/manager1?token=not-a-link')
  await expect(manager.getByRole('alert')).toHaveText('This remote management link is not valid.')
  await manager.close()

  // Diagnostics: a ping run on the device.
  await remote.click()
  const diagnosing = page.waitForEvent('popup')
  await page.getByRole('menuitem', { name: 'Diagnostics' }).click()
  const diagnostics = await diagnosing
  await diagnostics.waitForURL(/\/manager2\?token=/)
  await expect(diagnostics.getByRole('heading', { name: 'Remote diagnostics' })).toBeVisible()
  await diagnostics.getByLabel('Host').fill('example.org')
  await diagnostics.getByRole('button', { name: 'Run' }).click()
  await expect(diagnostics.getByRole('log', { name: 'Output' })).toContainText(
    'PING example.org: 56 data bytes',
    {
      timeout: 30_000,
    },
  )
})

test('set the WiFi and the LED of two devices of one model, and watch both settle', async ({ page }) => {
  test.setTimeout(120_000)
  const devices = sameModel.devices
  await signInWithDevices(page, devices)
  await select(page, devices)
  const toolbar = page.getByRole('toolbar', { name: '2 selected' })

  await toolbar.getByRole('button', { name: 'Set WiFi' }).click()
  const dialog = page.getByRole('dialog', { name: 'Set WiFi' })
  const radio = dialog.getByRole('region', { name: '5 GHz' })
  await radio.getByLabel('Change the 5 GHz radio').check()
  // The shared rules hold in the dialog: a WPA password of 8-63 characters.
  await radio.getByLabel('SSID', { exact: true }).fill('Canopy-Batch')
  await radio.getByLabel('Password', { exact: true }).fill('short')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(radio.getByText('8-63', { exact: false })).toBeVisible()
  await radio.getByLabel('Password', { exact: true }).fill('batch-secret-1')
  await dialog.getByRole('button', { name: 'Apply' }).click()

  const wifi = page.getByRole('dialog', { name: 'WiFi settings: progress' })
  await expect(wifi.getByRole('status')).toHaveText('2 of 2 devices done', { timeout: 30_000 })
  for (const device of devices) {
    const reported = device.reported.wifi as { '5g': { ssid: string } }
    expect(reported['5g'].ssid).toBe('Canopy-Batch')
  }
  await wifi.getByRole('button', { name: 'Close' }).last().click()

  await toolbar.getByRole('button', { name: 'LED' }).click()
  await page.getByRole('menuitem', { name: 'Turn the LED off' }).click()
  const led = page.getByRole('dialog', { name: 'LED: progress' })
  await expect(led.getByRole('status')).toHaveText('2 of 2 devices done', { timeout: 30_000 })
  for (const device of devices) expect((device.reported.system as { led: boolean }).led).toBe(false)
})
