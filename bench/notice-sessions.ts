// Accounts signed in with their notice socket open (/notice/{uid}): the notice benches' sessions.
import { NOTICE_PROTOCOL } from '@canopy/shared/notice'
import WebSocket from 'ws'
import { api } from './support'

/** Server settings that let one address register and sign in a thousand accounts. */
export const SIGN_UP_LIMITS = {
  RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
  RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS_PER_MINUTE: '1000000',
  RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: '1000000',
}
const PARALLEL = 16

export interface Session {
  uid: number
  token: string
}

/** Registers `count` accounts (each its own tenant) and signs each in; in the order of their index. */
export async function signUpAccounts(baseUrl: string, count: number, prefix: string): Promise<Session[]> {
  const stamp = Date.now().toString(36)
  const sessions: Session[] = []
  const signUp = async (index: number) => {
    const account = {
      username: `${prefix}${stamp}${index}`,
      password: 'bench1234',
      confirm_password: 'bench1234',
    }
    const { uid } = await api<{ uid: number }>(baseUrl, '/backend/user/register', {
      ...account,
      email: `${prefix}${stamp}${index}@example.test`,
      agreement: true,
    })
    const { access_token } = await api<{ access_token: string }>(baseUrl, '/backend/auth/token', account)
    sessions[index] = { uid, token: access_token }
  }
  for (let start = 0; start < count; start += PARALLEL)
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, count - start) }, (_, offset) => signUp(start + offset)),
    )
  return sessions
}

export interface NoticeSockets {
  sockets: WebSocket[]
  /** per session (same index): when its badge first read `awaited`, in performance.now() time */
  arrivals: Array<Promise<number>>
}

/** Opens every session's notice socket; resolves once each has been told its first count (0). */
export async function openNoticeSockets(
  baseUrl: string,
  sessions: Session[],
  awaited = 1,
): Promise<NoticeSockets> {
  const sockets: WebSocket[] = []
  const arrivals: Array<Promise<number>> = []
  const wsBase = baseUrl.replace(/^http/, 'ws')
  await Promise.all(
    sessions.map(
      ({ uid, token }, index) =>
        new Promise<void>((opened, failed) => {
          const socket = new WebSocket(`${wsBase}/notice/${uid}`, [NOTICE_PROTOCOL, token])
          sockets[index] = socket
          socket.once('error', failed)
          arrivals[index] = new Promise<number>((arrived) => {
            socket.on('message', (data) => {
              const { nums } = JSON.parse(String(data)) as { nums: number }
              if (nums === 0) opened()
              if (nums === awaited) arrived(performance.now())
            })
          })
        }),
    ),
  )
  return { sockets, arrivals }
}

/** Every promise's value, or a failure naming `what` after `seconds`. */
export function allWithin<T>(promises: Array<Promise<T>>, seconds: number, what: string): Promise<T[]> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${what} not within ${seconds} s`)), seconds * 1000).unref(),
  )
  return Promise.race([Promise.all(promises), timeout])
}

/** The p-th percentile of ascending values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
