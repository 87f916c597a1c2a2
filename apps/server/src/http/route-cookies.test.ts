import fastifyCookie from '@fastify/cookie'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeCookies } from './route-cookies'

describe('routeCookies', () => {
  const app = Fastify({ trustProxy: true })
  beforeAll(async () => {
    await app.register(fastifyCookie)
    app.get('/api/set', (request, reply) => {
      const cookies = routeCookies(request, reply, '/api')
      cookies.set('kept', `was:${cookies.read('kept') ?? 'none'}`, { path: '/set', maxAgeSeconds: 60 })
      return 'ok'
    })
    await app.ready()
  })
  afterAll(() => app.close())

  it('sets HttpOnly, SameSite=Strict cookies scoped to a path below the API root, and reads them back', async () => {
    const answer = await app.inject({ url: '/api/set', headers: { cookie: 'kept=abc' } })
    expect(answer.headers['set-cookie']).toBe(
      'kept=was:abc; Max-Age=60; Path=/api/set; HttpOnly; SameSite=Strict',
    )
  })

  it('adds Secure when the caller came over HTTPS, so the cookie never travels in the clear', async () => {
    const answer = await app.inject({ url: '/api/set', headers: { 'x-forwarded-proto': 'https' } })
    expect(answer.headers['set-cookie']).toContain('; Secure')
  })
})
