import type { Fleet } from '@canopy/simulator'
import { logIn, registerViaApi } from '../support/accounts'
import { bindDeviceViaApi, callAsUser, startTestFleet } from '../support/devices'
import { openMenu } from '../support/menu'
import { expect, test } from '../support/test'

const GUIDE = 'https://welcome.example.com/'

let fleet: Fleet
test.beforeAll(async () => {
  // The virtual AP checks its guests with the cloud every half second (wifidog's 60 s otherwise).
  fleet = await startTestFleet(1, {
    models: ['CAP-1200'],
    captiveTimings: { checkIntervalSeconds: 0.5, pingIntervalSeconds: 5 },
  })
})
test.afterAll(async () => {
  await fleet.stop()
})

test("a portal bound to a virtual AP's SSID: a guest on a phone clicks through to the guide address, shows in the authentication details and is kicked off", async ({
  page,
  browser,
  request,
}) => {
  const account = await registerViaApi(request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  // The design exists: a page, a strategy and click-through (their screens have specs of their own).
  await callAsUser(page, 'POST', 'backend/portal/page/add', {
    display_type: 'text',
    title: 'Lobby',
    tips: 'Free WiFi for our guests',
    guide_url: GUIDE,
    scheme: 'green',
  })
  await callAsUser(page, 'POST', 'backend/portal/strategy/add', { name: 'Visitors', validity_days: 1 })
  await callAsUser(page, 'POST', 'backend/portal/method/save', {
    noauth_enabled: true,
    terms: { 'en-us': 'Be kind to the network.', 'zh-cn': '', es: '' },
    member_enabled: false,
    sms_enabled: false,
    sms_daily_total: 100,
    sms_phone_period: 'five_minutes',
    sms_phone_max: 1,
    sms_client_max: 1,
  })
  const device = fleet.devices[0]!
  const id = await bindDeviceViaApi(page, device.mac)

  // Bind the page to the virtual AP's guest SSID on the device's Portal tab.
  await page.goto(`/device/detail?id=${id}&tab=portal`)
  const ssid = page.getByRole('region', { name: /Virtual AP 1/ })
  await expect(ssid).toBeVisible()
  await ssid.getByRole('switch', { name: 'Portal' }).click()
  await ssid.getByRole('button', { name: 'Save' }).click()
  await expect(ssid.getByText('Choose a portal page')).toBeVisible()
  await expect(ssid.getByText('Configure Internet access policies')).toBeVisible()
  await ssid.getByRole('combobox', { name: 'Portal page' }).click()
  await page.getByTitle('Lobby', { exact: true }).click()
  await ssid.getByRole('combobox', { name: 'Strategy' }).click()
  await page.getByTitle('Visitors', { exact: true }).click()
  await ssid.getByRole('checkbox', { name: 'Click-through (accept the terms)' }).check()
  await ssid.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved: the device applies it')).toBeVisible()
  await expect(ssid.getByText('In sync')).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => device.gateway.url, { timeout: 10_000 }).toBeDefined()

  // A guest on a phone joins the SSID: the AP sends its browser to the portal page.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const guest = await phone.newPage()
  await guest.route(`${GUIDE}**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Welcome</title><h1>Welcome aboard</h1>',
    }),
  )
  await guest.goto(`${device.gateway.url}news`)
  await expect(guest.getByRole('heading', { level: 1, name: 'Lobby' })).toBeVisible()
  await expect(guest.getByText('Be kind to the network.')).toBeVisible()
  await guest.getByRole('button', { name: 'Connect' }).click()
  await expect(guest.getByRole('alert')).toHaveText('Accept the terms of use to connect')
  await guest.getByLabel('I accept the terms of use').check()
  await guest.getByRole('button', { name: 'Connect' }).click()
  await expect(guest).toHaveURL(GUIDE)
  await expect(guest.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible()
  await guest.goto(`${device.gateway.url}news`)
  await expect(guest.getByText(/The internet, through vap1/)).toBeVisible()

  // The guest in the authentication details, then kicked off.
  await openMenu(page, 'Authentication details', 'Authentication management')
  await expect(page).toHaveURL(/\/auth\/detail$/)
  const row = page.getByRole('row', { name: /02:CC:7F:00:00:01/ })
  await expect(row).toContainText('Click-through')
  await expect(row).toContainText('Online')
  await row.getByRole('button', { name: 'Kick off' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Kick off' }).click()
  await expect(
    page.getByText('Kicked off: the gateway disconnects the guest at its next check'),
  ).toBeVisible()
  await expect(row).toContainText('Ended')

  // At its next check the AP holds the guest again: the page, not the internet.
  await expect(async () => {
    await guest.goto(`${device.gateway.url}news`)
    await expect(guest.getByRole('heading', { level: 1, name: 'Lobby' })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 10_000 })
  await phone.close()
})
