import type { Page } from '@playwright/test'
import { logIn, newAccount, registerViaApi } from '../support/accounts'
import { linkIn, waitForMail } from '../support/mail'
import { expect, test } from '../support/test'

test('register, log in, use the menu, switch language, edit the personal center, log out', async ({
  page,
}) => {
  const account = newAccount()
  await page.goto('/register')
  await page.getByLabel('Account', { exact: true }).fill(account.username)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByLabel('Confirm password').fill(account.password)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByRole('button', { name: 'Register' }).click()
  // The agreement must be accepted first; the field's error is announced (role="alert").
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please read and accept the user agreement' }),
  ).toBeVisible()
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Register' }).click()

  await expect(page).toHaveURL(/\/login/)
  // The router may commit the URL before React has swapped the pages: wait for the login form,
  // or the password goes into the registration form on its way out.
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await expect(page.getByLabel('Account', { exact: true })).toHaveValue(account.username)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Log in' }).click()

  await expect(page).toHaveURL(/\/home\/main$/)
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}` })).toBeVisible()

  await page.getByRole('button', { name: 'Español' }).click()
  await expect(page.getByRole('heading', { name: `Bienvenido/a, ${account.username}` })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.getByRole('button', { name: 'English' }).click()

  // A side-menu entry opens its page.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Project management' })
    .click()
  await expect(page).toHaveURL(/\/project\/manage$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Project management' })).toBeVisible()

  // In Chinese the page, the menu and antd's own texts follow.
  await page.getByRole('button', { name: '中文' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.getByRole('heading', { level: 1, name: '项目管理' })).toBeVisible()
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '账号管理' }).click()
  await expect(page).toHaveURL(/\/account\/list$/)
  await expect(page.getByRole('heading', { level: 1, name: '账号管理' })).toBeVisible()
  // A new account has no child accounts: the table's empty text is antd's, from its zh_CN locale.
  // (The empty picture's <title> says it too; the visible words are the description.)
  await expect(page.locator('.ant-empty-description')).toHaveText('暂无数据')
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Account management' })).toBeVisible()
  await expect(page.locator('.ant-empty-description')).toHaveText('No data')

  await page.getByRole('button', { name: 'Personal center' }).click()
  await expect(page).toHaveURL(/\/user_info$/)
  // Wait for the page itself: until React swaps pages, the account list's search box (labelled
  // "Search by account or nickname") is still there to take the typing.
  await expect(page.getByRole('heading', { level: 1, name: 'Personal center' })).toBeVisible()
  await page.getByLabel('Nickname', { exact: true }).fill('Ana_01')
  await page.getByLabel('Address').fill('Calle Mayor 1')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Your profile has been saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Nickname', { exact: true })).toHaveValue('Ana_01')

  await logOut(page)
  await page.goto('/home/main')
  await expect(page).toHaveURL(/\/login\?redirect=/)
})

test('remember account: the login form shows the account after logging out, until unticked', async ({
  page,
}) => {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  const accountField = page.getByLabel('Account', { exact: true })
  const remember = page.getByLabel('Remember account')
  await expect(accountField).toHaveValue('')
  await accountField.fill(account.username)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await remember.check()
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/home\/main$/)

  await logOut(page)
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await expect(accountField).toHaveValue(account.username)
  await expect(remember).toBeChecked()

  // Logging in with the box unticked forgets the account.
  await remember.uncheck()
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/home\/main$/)
  await logOut(page)
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await expect(accountField).toHaveValue('')
  await expect(remember).not.toBeChecked()
})

test('an unknown path shows the 404 page, whose button returns home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('button', { name: /home/i }).click()
  // Not logged in: home sends to the login page.
  await expect(page).toHaveURL(/\/login\?redirect=/)
})

test('a guarded path without a session goes to login, then back to where it was going', async ({ page }) => {
  const account = await registerViaApi(page.request)
  await page.goto('/user_info')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser_info/)
  await logIn(page, account)
  await expect(page).toHaveURL(/\/user_info$/)
  await expect(page.getByLabel('E-mail')).toHaveValue(account.email)
})

test('a wrong password is refused with the message of §8', async ({ page }) => {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, { ...account, password: 'wrong1234' })
  await expect(page.getByText('Account or Password error')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('log in by phone with its country code', async ({ page }) => {
  const account = newAccount('p')
  const phone = `138${String(Date.now()).slice(-8)}`
  const response = await page.request.post('/api/backend/user/register', {
    data: { ...account, confirm_password: account.password, agreement: true, country_code: '86', phone },
  })
  expect((await response.json()).status).toBe(10000)
  await page.goto('/login')
  await page.getByRole('tab', { name: 'Phone login' }).click()
  await page.getByLabel('Country code').click()
  await page.keyboard.type('86')
  await page.keyboard.press('Enter')
  await page.getByLabel('Phone number').fill(phone)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/home\/main$/)
})

test('reset a forgotten password through the e-mailed link', async ({ page }) => {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible()
  await page.getByLabel('Account').fill(account.username)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page).toHaveURL(/\/sendEmail/)
  await expect(page.getByText(`We sent a password reset link to ${account.email}`)).toBeVisible()

  const link = new URL(linkIn(await waitForMail(account.email)))
  // The link points at the console's PUBLIC_URL (e2e/run.ts sets it to the server's address).
  expect(link.origin).toBe(new URL(page.url()).origin)
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByText(`Choose a new password for the account ${account.username}.`)).toBeVisible()
  await page.getByLabel('New password').fill('brandnew42')
  await page.getByLabel('Confirm password').fill('brandnew42')
  await page.getByRole('button', { name: 'Reset password' }).click()

  await expect(page).toHaveURL(/\/login/)
  await logIn(page, { ...account, password: 'brandnew42' })
  await expect(page).toHaveURL(/\/home\/main$/)

  // The link worked once.
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByText('Link Invalid')).toBeVisible()
})

/** The top bar's logout, confirmed; the page reloads onto the login page. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login/)
}
