import { createServer, type Server } from 'node:net'
import type { RegistrationRequest, RegistrationResponse } from '@canopy/shared/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CAP_1200 } from './profiles/ap'
import { seededRandom } from './random'
import { type Provision, VirtualDevice } from './virtual-device'

const MAC = '02:C1:01:00:00:2A'
const THING = 'cnp-02c10100002a'

function device(options: { provision?: Provision; identity?: RegistrationResponse; mqttUrl?: string } = {}) {
  return new VirtualDevice({
    mac: MAC,
    profile: CAP_1200,
    account: 'admin',
    password: 'admin002a',
    provision: options.provision ?? (() => Promise.reject(new Error('no cloud here'))),
    identity: options.identity,
    mqttUrl: options.mqttUrl,
    telemetryIntervalSeconds: 30,
    applyDelayMs: [0, 0],
    failureRate: 0,
    random: seededRandom(1),
  })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('a virtual device', () => {
  it('counts its uptime from its last boot: a reboot starts it again from zero', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T08:00:00Z') })
    const router = device()
    vi.advanceTimersByTime(3 * 3_600_000)
    expect((await router.reportTelemetry()).uptime).toBe(3 * 3600)

    const rebooting = router.reboot(4000)
    await vi.advanceTimersByTimeAsync(4000)
    await rebooting
    expect((await router.reportTelemetry()).uptime).toBe(0)
    vi.advanceTimersByTime(90_000)
    expect((await router.reportTelemetry()).uptime).toBe(90)
    expect(router.log.last(1000).join('\n')).toContain('kernel: booting')
  })

  describe('whose broker does not know its identity', () => {
    let broker: Server | undefined
    afterEach(async () => {
      await new Promise((resolve) => broker?.close(resolve))
    })

    /** A broker that answers every CONNECT with CONNACK 5 (not authorised). */
    async function refusingBroker(): Promise<string> {
      broker = createServer((socket) => {
        socket.once('data', () => socket.end(Buffer.from([0x20, 0x02, 0x00, 0x05])))
      })
      await new Promise<void>((resolve) => broker!.listen(0, '127.0.0.1', resolve))
      const address = broker.address()
      return `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    }

    it('registers again, showing the secret it holds, and keeps the identity it is given', async () => {
      const kept: RegistrationResponse = {
        thingName: THING,
        deviceSecret: 'the-secret-in-flash',
        mqtt: { host: '127.0.0.1', port: 1 },
      }
      const renewed: RegistrationResponse = { ...kept, deviceSecret: 'a-new-secret' }
      const requests: RegistrationRequest[] = []
      const router = device({
        identity: kept,
        mqttUrl: await refusingBroker(),
        provision: async (request) => {
          requests.push(request)
          return renewed
        },
      })
      // Refused again with the new secret too: the start fails, having tried once.
      await expect(router.start()).rejects.toMatchObject({ code: 5 })
      await router.stop()
      expect(requests).toHaveLength(1)
      expect(requests[0]).toMatchObject({ mac: MAC, deviceSecret: 'the-secret-in-flash' })
      expect(requests[0]!.sign).toMatch(/^[0-9a-f]{64}$/)
      expect(router.currentIdentity).toEqual(renewed)
    })

    it('registers without a secret when it never had one', async () => {
      const requests: RegistrationRequest[] = []
      const router = device({
        mqttUrl: await refusingBroker(),
        provision: async (request) => {
          requests.push(request)
          return { thingName: THING, deviceSecret: 'first', mqtt: { host: '127.0.0.1', port: 1 } }
        },
      })
      await expect(router.start()).rejects.toMatchObject({ code: 5 })
      await router.stop()
      expect(requests).toHaveLength(1)
      expect(requests[0]!.deviceSecret).toBeUndefined()
    })
  })
})
