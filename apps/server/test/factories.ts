import { randomBytes } from 'node:crypto'
import type { TestApp } from './test-app'

/** Names no other test (or earlier run on the same database) has used. */
export function uniqueName(prefix = 'u'): string {
  return `${prefix}${randomBytes(6).toString('hex')}`.slice(0, 20)
}

export function uniquePhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
}

export interface RegisteredAccount {
  uid: number
  username: string
  password: string
  email: string
}

/** A fresh primary account, registered through the API as a user would. */
export async function registerAccount(
  app: TestApp,
  overrides: Partial<{
    username: string
    password: string
    email: string
    country_code: string
    phone: string
  }> = {},
): Promise<RegisteredAccount> {
  const username = overrides.username ?? uniqueName()
  const password = overrides.password ?? 'secret123'
  const email = overrides.email ?? `${username}@example.test`
  const body = { username, password, confirm_password: password, email, agreement: true, ...overrides }
  const response = await app.call<{ uid: number }>({ method: 'POST', path: '/backend/user/register', body })
  if (response.envelope.status !== 10000) {
    throw new Error(`register failed: ${JSON.stringify(response.envelope)}`)
  }
  return { uid: response.envelope.data.uid, username, password, email }
}

export interface Session {
  access_token: string
  refresh_token: string
  expires_in: number
}

export async function login(app: TestApp, account: { username: string; password: string }): Promise<Session> {
  const response = await app.call<Session>({
    method: 'POST',
    path: '/backend/auth/token',
    body: { username: account.username, password: account.password },
  })
  if (response.envelope.status !== 10000)
    throw new Error(`login failed: ${JSON.stringify(response.envelope)}`)
  return response.envelope.data
}

/** A registered primary account and its access token. */
export async function signedInAccount(app: TestApp) {
  const account = await registerAccount(app)
  const session = await login(app, account)
  return { ...account, session, token: session.access_token }
}

/** The gid of an account's root project (the group tree's node with pid 0). */
export async function rootProjectOf(app: TestApp, token: string): Promise<number> {
  const tree = await app.call<Array<{ gid: number }>>({
    path: '/backend/workgroup/all',
    token,
    query: { tree: '1' },
  })
  return tree.envelope.data[0]!.gid
}
