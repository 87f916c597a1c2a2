import type { Fleet } from '@canopy/simulator'
import type { Page } from '@playwright/test'
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

type Point = Record<string, number | string | null>

/** Waits until the server has measured some throughput for the chart (two samples a device). */
async function untilMeasured(page: Page, path: string, body: unknown, field: string) {
  await expect
    .poll(
      async () => {
        const chart = await callAsUser<{ points: Point[] }>(page, 'POST', path, body)
        return chart.points.some((point) => typeof point[field] === 'number')
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true)
}

/** Clicks a range and waits for the chart's request for it, answered. */
async function chooseRange(page: Page, scope: ReturnType<Page['getByTestId']>, label: string, range: string) {
  const answered = page.waitForResponse(
    (response) => /\/traffic$/.test(response.url()) && response.request().postDataJSON()?.range === range,
  )
  await scope.getByText(label, { exact: true }).click()
  expect((await answered).ok()).toBe(true)
}

test('traffic: the home chart and the device detail tab show throughput, over the last hour, day or week', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const device = fleet.devices[0]!
  const primary = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, primary)
  await expect(page).toHaveURL(/\/home\/main$/)
  const id = await bindDeviceViaApi(page, device.mac)

  // Home: the caller's projects, WAN download and upload and clients.
  await untilMeasured(page, 'backend/user/statistics/traffic', { range: 'day' }, 'rx')
  await page.reload()
  const card = page.getByTestId('home-traffic')
  await expect(card.getByRole('heading', { name: 'Traffic and clients' })).toBeVisible()
  const homeChart = card.getByRole('img', { name: /download and upload throughput and online clients/ })
  await expect(homeChart).toBeVisible()
  await chooseRange(page, card, 'Last 7 days', 'week')
  await expect(homeChart).toBeVisible()
  await chooseRange(page, card, 'Last hour', 'hour')
  await expect(homeChart).toBeVisible()

  // The device's own tab: WAN and radios.
  await untilMeasured(page, 'backend/device/traffic', { id, range: 'hour' }, 'wan_rx')
  await page.goto(`/device/detail?id=${id}`)
  await page.getByRole('tab', { name: 'Traffic' }).click()
  await expect(page).toHaveURL(/tab=traffic/)
  const tab = page.getByTestId('device-traffic')
  const deviceChart = tab.getByRole('img', { name: /WAN and radio throughput/ })
  await expect(deviceChart).toBeVisible()
  await chooseRange(page, tab, 'Last hour', 'hour')
  await expect(deviceChart).toBeVisible()
  await chooseRange(page, tab, 'Last 7 days', 'week')
  await expect(deviceChart).toBeVisible()
  // The tab is in the URL: a reload comes back to it.
  await page.reload()
  await expect(
    page.getByTestId('device-traffic').getByRole('img', { name: /WAN and radio throughput/ }),
  ).toBeVisible()
})

test('traffic: a new account sees that nothing was measured yet, not an empty axis', async ({ page }) => {
  const primary = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, primary)
  const card = page.getByTestId('home-traffic')
  await expect(card.getByText('No traffic has been reported in this period yet.')).toBeVisible()
})
