import { createHash, randomBytes } from 'node:crypto'
import { ErrorCode } from '@canopy/shared/errors'
import type { RegistrationResponse } from '@canopy/shared/protocol'
import { type Fleet, profileOf, randomMac, signedRegistration, type VirtualDevice } from '@canopy/simulator'
import { eq } from 'drizzle-orm'
import mqtt from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindDevice, operatorCall, startTestFleet } from '../../../test/devices'
import { rootProjectOf, signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { devices } from '../../db/schema'

/**
 * Registering again (docs/protocol.md, "Provisioning"): the product secret is in every device
 * of the product, so it may not take a bound device's identity; only the device holding the
 * current secret may renew it.
 */
let app: TestApp
let fleet: Fleet
let owner: { token: string; root: number }

beforeAll(async () => {
  app = await createTestApp()
  fleet = await startTestFleet(app, { count: 5, models: ['CAP-1200', 'CGW-500'] })
  const account = await signedInAccount(app)
  const root = await rootProjectOf(app, account.token)
  owner = { token: account.token, root: root }
})
afterAll(async () => {
  await fleet.stop()
  await app.close()
})

/** A registration signed with the device's product secret, as anyone with the firmware can. */
const registrationOf = (device: VirtualDevice, deviceSecret?: string) =>
  signedRegistration(device.options.profile, device.mac, deviceSecret)

const register = (body: ReturnType<typeof registrationOf>) =>
  app.call<RegistrationResponse>({ method: 'POST', path: '/device/register', body })

const rowOf = async (device: VirtualDevice) =>
  (await app.database.db.select().from(devices).where(eq(devices.mac, device.mac)))[0]!

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** Whether the broker lets a client in as the device with this secret. */
async function brokerAccepts(thing: string, secret: string): Promise<boolean> {
  try {
    const client = await mqtt.connectAsync(app.gateway.brokerUrl, {
      protocolVersion: 4,
      clientId: thing,
      username: thing,
      password: secret,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    })
    await client.endAsync()
    return true
  } catch {
    return false
  }
}

describe('registering a device again', () => {
  it('refuses a bound device without its current secret, and leaves its secret alone', async () => {
    const device = fleet.devices[0]!
    await bindDevice(app, owner.token, device.mac, owner.root)
    const before = await rowOf(device)
    expect(before.secretHash).toBe(sha256(device.currentIdentity!.deviceSecret))

    const bare = await register(registrationOf(device))
    expect(bare.envelope.status).toBe(ErrorCode.DEVICE_ALREADY_BOUND)
    const guessed = await register(registrationOf(device, randomBytes(32).toString('base64url')))
    expect(guessed.envelope.status).toBe(ErrorCode.DEVICE_ALREADY_BOUND)

    const after = await rowOf(device)
    expect(after.secretHash).toBe(before.secretHash)
    expect(after.tenantId).toBe(before.tenantId)
    expect(after.status).toBe('online')
  })

  it('renews the secret of a bound device that shows its current one; the binding stays', async () => {
    const device = fleet.devices[1]!
    const id = await bindDevice(app, owner.token, device.mac, owner.root)
    await device.stop()
    const old = device.currentIdentity!.deviceSecret

    const renewed = await register(registrationOf(device, old))
    expect(renewed.envelope.status).toBe(10000)
    const { thingName, deviceSecret } = renewed.envelope.data
    expect(deviceSecret).not.toBe(old)
    const row = await rowOf(device)
    expect(row.id).toBe(id)
    expect(row.secretHash).toBe(sha256(deviceSecret))
    expect(row.tenantId).not.toBeNull()
    expect(await brokerAccepts(thingName, deviceSecret)).toBe(true)
    expect(await brokerAccepts(thingName, old)).toBe(false)
  })

  it('lets an unbound device register again as before, with a new secret', async () => {
    const device = fleet.devices[2]!
    await device.stop()
    const old = device.currentIdentity!.deviceSecret
    const again = await register(registrationOf(device))
    expect(again.envelope.status).toBe(10000)
    expect(again.envelope.data.deviceSecret).not.toBe(old)
    expect((await rowOf(device)).secretHash).toBe(sha256(again.envelope.data.deviceSecret))
  })

  it('lets a reset device (its secret lost) register again once its owner unbinds it', async () => {
    const device = fleet.devices[3]!
    const id = await bindDevice(app, owner.token, device.mac, owner.root)
    await device.stop()
    expect((await register(registrationOf(device))).envelope.status).toBe(ErrorCode.DEVICE_ALREADY_BOUND)
    const unbound = await app.call({
      method: 'POST',
      path: '/backend/device/unbind',
      token: owner.token,
      body: { ids: [id] },
    })
    expect(unbound.envelope.status).toBe(10000)
    expect((await register(registrationOf(device))).envelope.status).toBe(10000)
  })

  it('lets an operator issue a bound device a new identity (the operator answers for it)', async () => {
    const device = fleet.devices[4]!
    await bindDevice(app, owner.token, device.mac, owner.root)
    await device.stop()
    const issued = await operatorCall<{ deviceSecret: string }>(app, 'POST', '/operator/devices/provision', {
      mac: device.mac,
    })
    expect(issued.envelope.status).toBe(10000)
    const row = await rowOf(device)
    expect(row.secretHash).toBe(sha256(issued.envelope.data.deviceSecret))
    expect(row.tenantId).not.toBeNull()
  })
})

describe('the registration limit', () => {
  it('counts one device however it writes its MAC: the eleventh in a minute is too frequent', async () => {
    const profile = profileOf('CAP-1200')
    const hex = randomMac(profile).replace(/:/g, '')
    const spellings = [
      hex,
      hex.toLowerCase(),
      hex.match(/../g)!.join('-'),
      hex.match(/../g)!.join(':').toLowerCase(),
      hex.match(/../g)!.join(':'),
      hex.toLowerCase().match(/..../g)!.join('.'),
    ]
    const statuses = []
    for (let attempt = 0; attempt < 11; attempt++) {
      const mac = spellings[attempt % spellings.length]!
      statuses.push((await register(signedRegistration(profile, mac))).envelope.status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(10000))
    expect(statuses[10]).toBe(ErrorCode.TOO_FREQUENT)
  })
})
