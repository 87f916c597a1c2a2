import type { AddressInfo } from 'node:net'
import { ErrorCode } from '@canopy/shared/errors'
import { NOTICE_PROTOCOL, NOTICE_SESSION_ENDED } from '@canopy/shared/notice'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import WebSocket from 'ws'
import { login, registerAccount, signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'

let app: TestApp
let origin: string
let owner: Awaited<ReturnType<typeof signedInAccount>>
let tenantId: number
const opened: WebSocket[] = []

async function listen(target: TestApp): Promise<string> {
  await target.http.listen({ port: 0, host: '127.0.0.1' })
  return `ws://127.0.0.1:${(target.http.server.address() as AddressInfo).port}`
}

/** A notice socket and the counts it receives, in order. */
function open(uid: number, token: string | undefined, base = origin) {
  const socket = new WebSocket(`${base}/notice/${uid}`, token === undefined ? [] : [NOTICE_PROTOCOL, token])
  opened.push(socket)
  // A refused handshake also ends in an error event: the test asserts the refusal itself.
  const errors: Error[] = []
  socket.on('error', (error) => errors.push(error))
  const counts: number[] = []
  const waiters: Array<{ nums: number; resolve: () => void }> = []
  socket.on('message', (data) => {
    const { nums } = JSON.parse(String(data)) as { nums: number }
    counts.push(nums)
    for (const waiter of waiters.splice(0)) {
      if (waiter.nums === nums) waiter.resolve()
      else waiters.push(waiter)
    }
  })
  return {
    socket,
    counts,
    errors,
    /** resolves once the socket was told this count */
    told: (nums: number) =>
      counts.at(-1) === nums
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ nums, resolve })),
    closed: () => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code))),
  }
}

/** How the handshake was refused: the HTTP status and the envelope's code. */
function refusal(socket: WebSocket): Promise<{ status: number; code: number }> {
  return new Promise((resolve, reject) => {
    socket.once('open', () => reject(new Error('the socket opened')))
    socket.once('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => {
        body += chunk
      })
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, code: JSON.parse(body).errorCode[0] }),
      )
    })
  })
}

const post = (accountIds: number[], target = app) =>
  target.messages.post({
    tenantId,
    accountIds,
    kind: 'alarm',
    titleKey: 'messages.titles.announcement',
    params: {},
  })

beforeAll(async () => {
  app = await createTestApp()
  origin = await listen(app)
  owner = await signedInAccount(app)
  const {
    rows: [row],
  } = await app.database.pool.query<{ tenant_id: number }>('select tenant_id from accounts where id = $1', [
    owner.uid,
  ])
  tenantId = row!.tenant_id
})

afterAll(async () => {
  for (const socket of opened) if (socket.readyState === WebSocket.OPEN) socket.terminate()
  await app?.close()
})

describe('the notice socket /notice/{uid}', () => {
  it('tells the unread count on open and on every change, to every open tab', async () => {
    await post([owner.uid])
    const tab = open(owner.uid, owner.token)
    const otherTab = open(owner.uid, owner.token)
    await tab.told(1)
    await otherTab.told(1)
    await post([owner.uid])
    await tab.told(2)
    await otherTab.told(2)
    await app.ok({ method: 'POST', path: '/backend/msg/readall', token: owner.token })
    await tab.told(0)
    await otherTab.told(0)
    expect(tab.counts).toEqual([1, 2, 0])
  })

  it('refuses another account’s uid, and a missing or bad token, before opening', async () => {
    const other = await registerAccount(app)
    expect(await refusal(open(other.uid, owner.token).socket)).toEqual({
      status: 403,
      code: ErrorCode.NO_PERMISSION,
    })
    expect(await refusal(open(owner.uid, 'not-a-token').socket)).toEqual({
      status: 401,
      code: ErrorCode.TOKEN_INVALID,
    })
    expect(await refusal(open(owner.uid, undefined).socket)).toMatchObject({ status: 401 })
  })

  it('closes when its session ends (logout)', async () => {
    const session = await login(app, owner)
    const tab = open(owner.uid, session.access_token)
    await tab.told(0)
    const closed = tab.closed()
    await app.ok({ path: '/backend/auth/token/destroy', token: session.access_token })
    expect(await closed).toBe(NOTICE_SESSION_ENDED)
  })

  // LISTEN/NOTIFY needs a PostgreSQL server; the embedded database serves one instance.
  it.runIf(inject('externalDatabase'))('reaches a tab open on another instance', async () => {
    const second = await createTestApp()
    try {
      const tab = open(owner.uid, owner.token, await listen(second))
      await tab.told(0)
      await post([owner.uid])
      await tab.told(1)
    } finally {
      await second.close()
    }
  })
})
