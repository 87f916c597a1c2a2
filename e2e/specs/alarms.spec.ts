import type { Fleet } from '@canopy/simulator'
import { logIn, registerViaApi } from '../support/accounts'
import { bindDeviceViaApi, startTestFleet } from '../support/devices'
import { expect, test } from '../support/test'

// One virtual device: a CPU alarm set on its alarm tab, the device told to spike, the alarm seen
// in the list and in the top bar's badge, then the recovery once the spike is over.
let fleet: Fleet

test.beforeAll(async () => {
  fleet = await startTestFleet(1, { models: ['CAP-1200'] })
})

test.afterAll(async () => {
  await fleet?.stop()
})

test('a CPU alarm fires after its interval when a device spikes, and recovers', async ({ page }) => {
  // The shortest interval (§9) is a minute: the condition must hold that long, twice.
  test.setTimeout(240_000)
  const device = fleet.devices[0]!
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  const id = await bindDeviceViaApi(page, device.mac)

  await page.goto(`/device/detail?id=${id}&tab=alarm`)
  await expect(page.getByText('Nothing is set yet: every alarm is off.')).toBeVisible()
  // §5: a percentage has at most three decimals; the form says so before anything is sent.
  const threshold = page.getByRole('spinbutton', { name: 'CPU above: Threshold' })
  await threshold.fill('80.1234')
  await page.getByRole('button', { name: 'Save' }).first().click()
  await expect(page.getByText('Threshold out of range (percent 0-100, up to 3 decimals)')).toBeVisible()
  await threshold.fill('80')
  await page.getByRole('switch', { name: 'CPU above: On' }).click()
  await page.getByRole('combobox', { name: 'CPU above: Must hold for' }).click()
  // antd's visible option carries its label as its title (the role=option one is for screen readers)
  await page.getByTitle('1 min', { exact: true }).click()
  await page.getByRole('button', { name: 'Save' }).first().click()
  await expect(page.getByText('This device has its own alarm settings.')).toBeVisible()

  await device.misbehave('cpu-spike', true)
  const messages = page.getByRole('button', { name: /^System messages/ })
  await expect(messages).toHaveAccessibleName('System messages, 1 unread', { timeout: 120_000 })

  await page.getByRole('link', { name: 'Alarms' }).click()
  await expect(page).toHaveURL(/\/device\/alarm$/)
  const row = page.getByRole('row').filter({ hasText: 'CPU above' })
  await expect(row).toContainText('97.5 % (threshold 80 %)')
  await row.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/device/detail\\?id=${id}`))

  await device.misbehave('cpu-spike', false)
  await expect(messages).toHaveAccessibleName('System messages, 2 unread', { timeout: 60_000 })
  await page.goto('/device/alarm')
  await page.getByRole('tab', { name: 'History' }).click()
  const recovered = page.getByRole('row').filter({ hasText: 'CPU above' })
  await expect(recovered).toBeVisible()
  await recovered.getByRole('button', { name: /^Acknowledge/ }).click()
  await expect(page.getByText('Alarm acknowledged')).toBeVisible()
  await page.getByRole('tab', { name: 'Active' }).click()
  await expect(page.getByText('No alarms')).toBeVisible()
})
