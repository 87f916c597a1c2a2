import type { Page } from '@playwright/test'
import { logIn, newAccount, registerViaApi } from '../support/accounts'
import { openMenu } from '../support/menu'
import { expect, test } from '../support/test'

/** Logs out from the top bar, confirming. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click()
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' })

test('a signed-in user is signed in in every tab: a pasted deep link opens signed in', async ({
  page,
  context,
}) => {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)

  // A second tab of the same browser, a link pasted into it (what Ctrl-click does too).
  const second = await context.newPage()
  await second.goto('/user_info?tab=password')
  await expect(second).toHaveURL(/\/user_info\?tab=password$/)
  await expect(mainMenu(second)).toBeVisible()
  // The refresh token is the browser's HttpOnly cookie: no page script can read it.
  expect(await second.evaluate(() => document.cookie)).not.toContain('canopy_refresh')
  expect(await second.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toMatch(
    /token/i,
  )
  // Both tabs keep working: each got its own access token, taking turns with the one cookie.
  await page.reload()
  await expect(mainMenu(page)).toBeVisible()
  await mainMenu(second).getByRole('link', { name: 'Project management' }).click()
  await expect(second).toHaveURL(/\/project\/manage$/)
  await expect(second.getByRole('tree', { name: 'Project tree' })).toBeVisible()
})

test("logout in one tab signs out the others, and no tab keeps the last user's redirect", async ({
  page,
  context,
}) => {
  const account = await registerViaApi(page.request)
  await page.goto('/device/management')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/device\/management$/)
  const second = await context.newPage()
  await second.goto('/user_info')
  await expect(second).toHaveURL(/\/user_info$/)
  await expect(mainMenu(second)).toBeVisible()

  await logOut(page)
  // This tab: the login page, with no way back to the last user's page.
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  // The other tab follows at once, without a click.
  await expect(second).toHaveURL(/\/login$/)
  await expect(second.getByRole('button', { name: 'Log in' })).toBeVisible()
  // And the session is gone from the browser: a new tab's deep link asks for a login.
  const third = await context.newPage()
  await third.goto('/user_info')
  await expect(third).toHaveURL(/\/login\?redirect=%2Fuser_info$/)
})

test('a session the server ends (password changed elsewhere) signs out every tab, keeping the way back', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  const second = await context.newPage()
  await second.goto('/project/manage')
  await expect(mainMenu(second)).toBeVisible()

  // Another device (its own cookie jar) changes the password: every other session ends (§4).
  const elsewhere = await playwright.request.newContext({ baseURL })
  const login = await elsewhere.post('/api/backend/auth/token', { data: account })
  const { access_token: token } = (await login.json()).data as { access_token: string }
  const changed = await elsewhere.post('/api/backend/user/password/save', {
    data: { old_password: account.password, new_password: 'changed123', confirm_password: 'changed123' },
    headers: { authorization: `Bearer ${token}` },
  })
  expect((await changed.json()).status).toBe(10000)
  await elsewhere.dispose()

  // The first tab's next call is refused (forced logout); the other tab follows without a click.
  // A click on the menu makes that call, unless a refetch of the tab's own (on focus, say) was
  // refused first and took the menu away: then the login page is already there.
  await expect(async () => {
    if (!/\/login\?redirect=/.test(page.url()))
      await openMenu(page, 'Device management', 'Device management', 2_000)
    await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await expect(second).toHaveURL(/\/login\?redirect=%2Fproject%2Fmanage$/)
  await expect(second.getByRole('button', { name: 'Log in' })).toBeVisible()
})

test('a child opening a section its role lacks sees "no permission" inside the frame, menu kept', async ({
  page,
}) => {
  // Set-up through the API: a primary, a role granting the home and project sections, a child.
  const primary = await registerViaApi(page.request)
  const call = async <T>(path: string, data: unknown, token?: string): Promise<T> => {
    const response = await page.request.post(`/api/${path}`, {
      data,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
    const envelope = (await response.json()) as { status: number; data: T }
    expect(envelope.status, path).toBe(10000)
    return envelope.data
  }
  const { access_token: token } = await call<{ access_token: string }>('backend/auth/token', primary)
  const role = await call<{ id: number }>(
    'backend/role/add',
    { name: 'Viewers', menus: ['home', 'project'], device_functions: [], project_ids: [] },
    token,
  )
  const child = newAccount('c')
  await call(
    'backend/user/child/add',
    { ...child, confirm_password: child.password, level: 1, role_ids: [role.id], email: undefined },
    token,
  )

  await page.goto('/login')
  await logIn(page, child)
  await expect(page).toHaveURL(/\/home\/main$/)
  await page.goto('/device/management')
  const frame = page.getByRole('main')
  await expect(frame.getByRole('heading', { name: 'No permission' })).toBeVisible()
  await expect(page).toHaveURL(/\/device\/management$/)
  await expect(page).toHaveTitle(/^No permission/)
  await expect(mainMenu(page).getByRole('link', { name: 'Project management' })).toBeVisible()
  await expect(mainMenu(page).getByText('Device management', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
  // A primary-only section too; an unknown path is still "page not found".
  await page.goto('/account/list')
  await expect(frame.getByRole('heading', { name: 'No permission' })).toBeVisible()
  await frame.getByRole('button', { name: 'Return home' }).click()
  await expect(page).toHaveURL(/\/home\/main$/)
  await page.goto('/nowhere')
  await expect(page).toHaveURL(/\/404$/)
})
