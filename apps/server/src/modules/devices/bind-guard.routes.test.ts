import { randomBytes } from 'node:crypto'
import { ErrorCode } from '@canopy/shared/errors'
import { type Fleet, simulatedPassword } from '@canopy/simulator'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestFleet } from '../../../test/devices'
import { rootProjectOf, signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { devices } from '../../db/schema'

/**
 * What a bind costs the cloud is partly the device's choice (the scrypt parameters of the
 * credential it reports), and each try tells whether a password is right: bounded parameters,
 * never a server error, and a rate limit per address and per account.
 */
let app: TestApp
let fleet: Fleet
const LIMIT = 3

beforeAll(async () => {
  app = await createTestApp({ env: { RATE_LIMIT_BIND_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' } })
  fleet = await startTestFleet(app, { count: 2 })
})
afterAll(async () => {
  await fleet.stop()
  await app.close()
})

async function tenant() {
  const account = await signedInAccount(app)
  return { token: account.token, gid: await rootProjectOf(app, account.token) }
}

const bind = (caller: { token: string; gid: number }, ip: string, mac: string, password: string) =>
  app.call({
    method: 'POST',
    path: '/backend/device/bind',
    token: caller.token,
    headers: { 'x-forwarded-for': ip },
    body: { mac, username: 'admin', password, gid: String(caller.gid) },
  })

describe('a device-chosen credential', () => {
  it('that asks too much of scrypt, or is malformed, is a bind error and not a server error', async () => {
    const device = fleet.devices[0]!
    const salt = randomBytes(16).toString('base64')
    const hash = randomBytes(32).toString('base64')
    for (const [index, credential] of [
      // 128·N·r = 256 MiB: scrypt itself threw "memory limit exceeded" here
      `scrypt$262144$8$1$${salt}$${hash}`,
      `scrypt$1048576$32$1$${salt}$${hash}`,
      `scrypt$16384$8$1$${salt}`,
      'scrypt$abc$8$1$$',
    ].entries()) {
      await app.database.db
        .update(devices)
        .set({ managementCredential: credential })
        .where(eq(devices.mac, device.mac))
      // (a caller and an address of its own each time: the rate limit is not the subject here)
      const caller = await tenant()
      const response = await bind(
        caller,
        `198.51.100.${index + 1}`,
        device.mac,
        simulatedPassword(device.mac),
      )
      expect(response.httpStatus, credential).not.toBe(500)
      expect(response.envelope.status, credential).toBe(ErrorCode.BIND_ERROR)
    }
  })
})

describe('the bind rate limit', () => {
  it(`answers 429 "too frequent" past ${LIMIT} binds a minute from one address`, async () => {
    const device = fleet.devices[1]!
    const first = await tenant()
    const second = await tenant()
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const response = await bind(first, '203.0.113.1', device.mac, `wrong-${attempt}`)
      expect(response.envelope.status).toBe(ErrorCode.BIND_ERROR)
    }
    // Another account from the same address is refused too, before any check of its request.
    const limited = await bind(second, '203.0.113.1', device.mac, simulatedPassword(device.mac))
    expect(limited.httpStatus).toBe(429)
    expect(limited.envelope.status).toBe(ErrorCode.TOO_FREQUENT)
    expect(
      (await app.database.db.select().from(devices).where(eq(devices.mac, device.mac)))[0]!.tenantId,
    ).toBeNull()
  })

  it(`answers 429 past ${LIMIT} binds a minute by one account, whatever its address`, async () => {
    const device = fleet.devices[1]!
    const caller = await tenant()
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const response = await bind(caller, `203.0.113.${10 + attempt}`, device.mac, `wrong-${attempt}`)
      expect(response.envelope.status).toBe(ErrorCode.BIND_ERROR)
    }
    const limited = await bind(caller, '203.0.113.99', device.mac, simulatedPassword(device.mac))
    expect(limited.httpStatus).toBe(429)
    expect(limited.envelope.status).toBe(ErrorCode.TOO_FREQUENT)
    // Someone else, from elsewhere, still binds.
    const other = await tenant()
    const bound = await bind(other, '203.0.113.100', device.mac, simulatedPassword(device.mac))
    expect(bound.envelope.status).toBe(10000)
  })
})
