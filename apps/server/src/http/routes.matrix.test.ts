import { ErrorCode } from '@canopy/shared/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'

/**
 * Every API route, walked from the app's own list: a route added anywhere is checked here
 * without anyone remembering to add it.
 */
let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

// Public on purpose: everything else needs a signed-in caller.
const PUBLIC_ROUTES = [
  'POST /backend/auth/token',
  'POST /backend/auth/token/refresh',
  'POST /backend/user/register',
  'POST /backend/user/password/sendmail',
  'POST /backend/user/password/checkmail',
  'POST /backend/user/password/reset',
  'GET /backend/common/countrycodes',
  'POST /device/register',
  'POST /remote/info',
  'POST /remote/diag',
  // the cloud's broker connection, for operators and load balancers (no device or tenant data)
  'GET /health',
  // §2: announcements are public (no tenant data)
  'POST /backend/announcement/list',
  'GET /backend/announcement/info',
]

describe('the route table', () => {
  it('has no public route but the reviewed ones', () => {
    const publicRoutes = app.routes.filter((route) => route.access.kind === 'public')
    expect(publicRoutes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      [...PUBLIC_ROUTES].sort(),
    )
  })

  it('keeps the operator API behind the operator token', async () => {
    const operatorRoutes = app.routes.filter((route) => route.access.kind === 'operator')
    expect(operatorRoutes.length).toBeGreaterThan(0)
    for (const route of operatorRoutes) {
      for (const headers of [{}, { 'x-canopy-operator-token': 'wrong' }] as Record<string, string>[]) {
        const response = await app.call({
          method: route.method,
          path: route.path,
          body: route.method === 'POST' ? {} : undefined,
          headers,
        })
        expect({ route: route.path, status: response.envelope.status }).toEqual({
          route: route.path,
          status: ErrorCode.NO_PERMISSION,
        })
      }
    }
  })

  it('has each method and path once', () => {
    const keys = app.routes.map((route) => `${route.method} ${route.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('every signed-in route', () => {
  it('refuses a caller without a token with 401 and changes nothing', async () => {
    const signedIn = app.routes.filter((route) => route.access.kind === 'signedIn')
    expect(signedIn.length).toBeGreaterThan(0)
    for (const route of signedIn) {
      const response = await app.call({
        method: route.method,
        path: route.path,
        body: route.method === 'POST' ? {} : undefined,
      })
      expect({ route: route.path, status: response.httpStatus, code: response.envelope.status }).toEqual({
        route: route.path,
        status: 401,
        code: ErrorCode.TOKEN_MISSING,
      })
    }
  })
})

describe('unknown API paths', () => {
  it('answer 404 with the envelope', async () => {
    const response = await app.call({ path: '/backend/no/such/call' })
    expect(response.httpStatus).toBe(404)
    expect(response.envelope).toEqual({
      status: ErrorCode.DATA_NOT_FOUND,
      errorCode: [ErrorCode.DATA_NOT_FOUND],
      data: null,
    })
  })

  it('answer a malformed JSON body with "bad request", not a 500', async () => {
    const raw = await app.http.inject({
      method: 'POST',
      url: '/api/backend/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    })
    expect(raw.statusCode).toBe(400)
    expect(raw.json()).toMatchObject({ status: ErrorCode.MALFORMED_REQUEST })
  })
})
