import { ErrorCode } from '@canopy/shared/errors'
import { INT32_MAX } from '@canopy/shared/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rootProjectOf, signedInAccount } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/test-app'

/**
 * Issue 11 item 4, case by case (the fuzz suite, routes.fuzz.test.ts, covers every route): ids
 * beyond the integer column, loosely coerced ids, and texts no database can store are refused
 * with a §8 code, never a 500. JSON bodies are sent as raw text, so a lone surrogate arrives as
 * the `\ud800` escape a client would write.
 */
let app: TestApp
let token: string
let root: number

beforeAll(async () => {
  app = await createTestApp()
  const account = await signedInAccount(app)
  token = account.token
  root = await rootProjectOf(app, token)
})
afterAll(() => app.close())

async function post(path: string, json: string, signedIn = true) {
  const raw = await app.http.inject({
    method: 'POST',
    url: `${app.apiRoot}${path}`,
    headers: {
      'content-type': 'application/json',
      ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: json,
  })
  return { http: raw.statusCode, status: raw.json().status as number }
}

async function get(path: string, query: Record<string, string>) {
  const response = await app.call({ path, token, query })
  return { http: response.httpStatus, status: response.envelope.status }
}

const refused = { http: 400, status: ErrorCode.INVALID_PARAMETER }

describe('ids', () => {
  it('refuses an id beyond a 32-bit integer in a body and in a query string', async () => {
    expect(await post('/backend/device/infos', `{"id":${INT32_MAX + 1}}`)).toEqual(refused)
    expect(await post('/backend/device/infos', `{"id":${2 ** 53}}`)).toEqual(refused)
    expect(await post('/backend/workgroup/add', `{"name":"G1","pid":${INT32_MAX + 1}}`)).toEqual(refused)
    expect(await get('/backend/device/operation', { id: String(INT32_MAX + 1) })).toEqual(refused)
    expect(await get('/backend/role/info', { id: '99999999999999999999' })).toEqual(refused)
  })

  it('still answers the largest id as an id (not found is no permission)', async () => {
    expect(await post('/backend/device/infos', `{"id":${INT32_MAX}}`)).toEqual({
      http: 403,
      status: ErrorCode.NO_PERMISSION,
    })
  })

  it('reads neither `true` nor `[7]` as an id', async () => {
    expect(await post('/backend/device/infos', '{"id":true}')).toEqual(refused)
    expect(await post('/backend/device/infos', '{"id":[7]}')).toEqual(refused)
    expect(await post('/backend/device/unbind', '{"ids":[true]}')).toEqual(refused)
    // The bind dialog's project is "not selected" unless it is an id (§8).
    const bind = '{"mac":"02:00:00:00:00:01","password":"x","gid":true}'
    expect(await post('/backend/device/bind', bind)).toEqual({
      http: 400,
      status: ErrorCode.MISSING_PARAMETERS,
    })
    expect(await get('/backend/workgroup/info', { gid: '0x1' })).toEqual(refused)
  })

  it('bounds page numbers and chart hours', async () => {
    expect(await post('/backend/device/list', `{"pageIndex":${INT32_MAX}}`)).toEqual(refused)
    expect(await post('/backend/user/statistics/clients/onlines', '{"hours":true}')).toEqual(refused)
  })
})

describe('texts a database cannot store', () => {
  it('refuses a NUL and a lone surrogate in free text', async () => {
    for (const bad of ['\\u0000', '\\ud800', 'a\\udc00b']) {
      expect(await post('/backend/workgroup/add', `{"name":"G2","pid":${root},"remark":"${bad}"}`)).toEqual(
        refused,
      )
      expect(await post('/backend/device/list', `{"keyword":"${bad}"}`)).toEqual(refused)
      expect(await post('/backend/user/save', `{"email":"a@b.cd","address":"${bad}"}`)).toEqual(refused)
    }
  })

  it('refuses them in the unauthenticated device registration', async () => {
    for (const bad of ['\\u0000', '\\ud800']) {
      const body = `{"productKey":"k${bad}","mac":"02:00:00:00:00:01","random":"12345678","sign":"${'0'.repeat(64)}"}`
      expect(await post('/device/register', body, false)).toEqual(refused)
    }
  })

  it('refuses them in keys too, which no schema looks at', async () => {
    expect(await post('/backend/device/list', '{"k\\u0000":1}')).toEqual(refused)
  })

  it('takes a surrogate pair (an emoji) as the text it is', async () => {
    const response = await post('/backend/device/list', '{"keyword":"\\ud83d\\ude00"}')
    expect(response.status).toBe(10000)
  })
})
