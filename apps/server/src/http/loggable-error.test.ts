import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { ErrorCode } from '@canopy/shared/errors'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { loggableError } from '../lib/loggable-error'
import { registerErrorHandler } from './error-handler'
import { loggerOptions } from './logger'

/**
 * Logs never carry a query's parameters (issue 11, item 4): the errors here come from the run's
 * real database, wrapped by drizzle as every repository's are.
 */
const SECRET = 'hunter2-not-for-logs'
let app: TestApp
let queryError: unknown
let uniqueError: unknown

beforeAll(async () => {
  app = await createTestApp()
  queryError = await app.database.db.execute(sql`select ${SECRET}::int`).catch((error: unknown) => error)
  // A table of its own (not a temporary one: the pool's statements may use either connection).
  const table = sql.raw(`log_probe_${randomBytes(4).toString('hex')}`)
  await app.database.db.execute(sql`create table ${table} (v text unique)`)
  await app.database.db.execute(sql`insert into ${table} values (${SECRET})`)
  uniqueError = await app.database.db
    .execute(sql`insert into ${table} values (${SECRET})`)
    .catch((error: unknown) => error)
  await app.database.db.execute(sql`drop table ${table}`)
})
afterAll(() => app.close())

describe('loggableError', () => {
  it('keeps the SQL text and the SQLSTATE, never the parameters', () => {
    const entry = loggableError(queryError)
    expect(entry.sql).toContain('::int')
    expect(entry.cause?.code).toBe('22P02')
    expect(JSON.stringify(entry)).not.toContain(SECRET)
  })

  it('keeps a duplicate row out of the log (pg puts its values in `detail`)', () => {
    const entry = loggableError(uniqueError)
    expect(entry.cause?.code).toBe('23505')
    expect(JSON.stringify(entry)).not.toContain(SECRET)
  })

  it('keeps an ordinary error whole, stack included, but none of its other properties', () => {
    const error = Object.assign(new TypeError('x is not a function'), { body: { password: SECRET } })
    const entry = loggableError(error)
    expect(entry).toMatchObject({ type: 'TypeError', message: 'x is not a function' })
    expect(entry.stack).toContain('TypeError')
    expect(JSON.stringify(entry)).not.toContain(SECRET)
  })
})

function capturedLog() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { lines, stream }
}

describe("the app's logger", () => {
  it("logs any `{ err }` (a device message, a background task) without its query's parameters", () => {
    const { lines, stream } = capturedLog()
    const http = Fastify({ logger: loggerOptions('error', stream) })
    http.log.error({ err: queryError }, 'presence watchdog failed')
    expect(lines.join('')).toContain('::int')
    expect(lines.join('')).not.toContain(SECRET)
  })
})

describe('the error handler', () => {
  it('answers a database failure with 600103100 and logs it without its parameters', async () => {
    const { lines, stream } = capturedLog()
    const http = Fastify({ logger: { level: 'error', stream } })
    registerErrorHandler(http)
    http.post('/fails', () => {
      throw queryError
    })
    const response = await http.inject({ method: 'POST', url: '/fails', payload: { password: SECRET } })
    await http.close()
    expect(response.statusCode).toBe(500)
    expect(response.json().status).toBe(ErrorCode.DATABASE_ERROR)
    expect(lines.join('')).toContain('::int')
    expect(lines.join('')).not.toContain(SECRET)
  })
})
