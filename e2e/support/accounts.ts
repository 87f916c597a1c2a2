import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page } from '@playwright/test'

export interface TestAccount {
  username: string
  password: string
  email: string
}

export function newAccount(prefix = 'e'): TestAccount {
  const username = `${prefix}${randomBytes(5).toString('hex')}`
  return { username, password: 'secret123', email: `${username}@example.test` }
}

/** Registers through the API: for tests whose subject is not registration itself. */
export async function registerViaApi(
  request: APIRequestContext,
  account = newAccount(),
): Promise<TestAccount> {
  const response = await request.post('/api/backend/user/register', {
    data: { ...account, confirm_password: account.password, agreement: true },
  })
  expect((await response.json()).status).toBe(10000)
  return account
}

export async function logIn(page: Page, account: { username: string; password: string }) {
  await page.getByLabel('Account', { exact: true }).fill(account.username)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** A new account, registered through the API and signed in through the login page, on its home. */
export async function signInAsNewAccount(page: Page, request: APIRequestContext): Promise<TestAccount> {
  const account = await registerViaApi(request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  return account
}
