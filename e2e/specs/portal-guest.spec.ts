import type { Fleet, VirtualDevice } from '@canopy/simulator'
import type { Browser, Page } from '@playwright/test'
import { signInAsNewAccount } from '../support/accounts'
import { bindDeviceViaApi, callAsUser, startTestFleet } from '../support/devices'
import { openMenu } from '../support/menu'
import { waitForSms } from '../support/sms'
import { expect, test } from '../support/test'

const GUIDE = 'https://welcome.example.com/'

let fleet: Fleet
test.beforeAll(async () => {
  // The virtual AP checks its guests with the cloud every half second (wifidog's 60 s otherwise).
  // One device for each test: each test is its own account, and a device has one owner.
  fleet = await startTestFleet(2, {
    models: ['CAP-1200'],
    captiveTimings: { checkIntervalSeconds: 0.5, pingIntervalSeconds: 5 },
  })
})
test.afterAll(async () => {
  await fleet.stop()
})

/**
 * Binds `device` and, on its Portal tab, turns the portal on for the virtual AP's guest SSID with
 * the page "Lobby", the strategy "Visitors" and the one method named (as its checkbox reads).
 */
async function bindPortal(page: Page, device: VirtualDevice, method: string) {
  const id = await bindDeviceViaApi(page, device.mac)
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
  await ssid.getByRole('checkbox', { name: method }).check()
  await ssid.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved: the device applies it')).toBeVisible()
  await expect(ssid.getByText('In sync')).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => device.gateway.url, { timeout: 10_000 }).toBeDefined()
}

/** A phone-sized browser whose guide address answers with a welcome page. */
async function guestPhone(browser: Browser) {
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
  return { phone, guest }
}

/**
 * The design (its screens have specs of their own): the page "Lobby", the strategy "Visitors",
 * and the methods guests may use — click-through with its terms, or SMS codes.
 */
async function designPortal(page: Page, methods: { clickThroughTerms: string } | { sms: true }) {
  await callAsUser(page, 'POST', 'backend/portal/page/add', {
    display_type: 'text',
    title: 'Lobby',
    tips: 'Free WiFi for our guests',
    guide_url: GUIDE,
    scheme: 'green',
  })
  await callAsUser(page, 'POST', 'backend/portal/strategy/add', { name: 'Visitors', validity_days: 1 })
  const sms = 'sms' in methods
  await callAsUser(page, 'POST', 'backend/portal/method/save', {
    noauth_enabled: !sms,
    terms: { 'en-us': sms ? '' : methods.clickThroughTerms, 'zh-cn': '', es: '' },
    member_enabled: false,
    sms_enabled: sms,
    sms_daily_total: 100,
    sms_phone_period: 'five_minutes',
    sms_phone_max: 2,
    sms_client_max: 2,
  })
}

/**
 * The guest in the authentication details, by `method`, kicked off; at the AP's next check it
 * meets the page again. Returns the guest's row.
 */
async function kickOffInDetails(page: Page, guest: Page, device: VirtualDevice, method: string) {
  await openMenu(page, 'Authentication details', 'Authentication management')
  await expect(page).toHaveURL(/\/auth\/detail$/)
  const row = page.getByRole('row', { name: /02:CC:7F:00:00:01/ })
  await expect(row).toContainText(method)
  await expect(row).toContainText('Online')
  await row.getByRole('button', { name: 'Kick off' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Kick off' }).click()
  await expect(
    page.getByText('Kicked off: the gateway disconnects the guest at its next check'),
  ).toBeVisible()
  await expect(row).toContainText('Ended')
  await expect(async () => {
    await guest.goto(`${device.gateway.url}news`)
    await expect(guest.getByRole('heading', { level: 1, name: 'Lobby' })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 10_000 })
  return row
}

test("a portal bound to a virtual AP's SSID: a guest on a phone clicks through to the guide address, shows in the authentication details and is kicked off", async ({
  page,
  browser,
  request,
}) => {
  await signInAsNewAccount(page, request)
  await designPortal(page, { clickThroughTerms: 'Be kind to the network.' })
  const device = fleet.devices[0]!
  await bindPortal(page, device, 'Click-through (accept the terms)')

  // A guest on a phone joins the SSID: the AP sends its browser to the portal page.
  const { phone, guest } = await guestPhone(browser)
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

  await kickOffInDetails(page, guest, device, 'Click-through')
  await phone.close()
})

test("a portal bound to a virtual AP's SSID: a guest on a phone logs in by an SMS code to the guide address, shows masked in the authentication details and is kicked off", async ({
  page,
  browser,
  request,
}) => {
  await signInAsNewAccount(page, request)
  await designPortal(page, { sms: true })
  const device = fleet.devices[1]!
  await bindPortal(page, device, 'SMS code')

  // The guest asks for a code; the server sends it through its SMS provider (the runner's
  // stand-in), and the guest types what the text message says.
  const number = '13812345678'
  const { phone, guest } = await guestPhone(browser)
  await guest.goto(`${device.gateway.url}news`)
  await expect(guest.getByRole('heading', { level: 1, name: 'Lobby' })).toBeVisible()
  await guest.getByLabel('Phone number').fill(number)
  await guest.getByRole('button', { name: 'Send code' }).click()
  await expect(guest.getByRole('status')).toHaveText('A code is on its way to your phone.')
  const text = (await waitForSms(number)).text
  const code = text.match(/\b\d{6}\b/)?.[0]
  expect(code, `a six-digit code in "${text}"`).toBeDefined()
  // A wrong code first: refused, the phone kept for another try.
  const wrong = code === '000000' ? '111111' : '000000'
  await guest.getByLabel('Code').fill(wrong)
  await guest.getByRole('button', { name: 'Log in' }).click()
  await expect(guest.getByRole('alert')).toHaveText('The code is wrong or has expired')
  await expect(guest.getByLabel('Phone number')).toHaveValue(number)
  await guest.getByLabel('Code').fill(code!)
  await guest.getByRole('button', { name: 'Log in' }).click()
  await expect(guest).toHaveURL(GUIDE)
  await expect(guest.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible()
  await guest.goto(`${device.gateway.url}news`)
  await expect(guest.getByText(/The internet, through vap1/)).toBeVisible()

  const row = await kickOffInDetails(page, guest, device, 'SMS')
  await expect(row).toContainText('138****5678')
  await expect(row).not.toContainText(number)
  await phone.close()
})
