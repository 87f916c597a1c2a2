import type { Worker } from 'node:worker_threads'
import mqtt from 'mqtt'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../test/devices'
import { type EmbeddedBroker, spawnBrokerThread, startEmbeddedBroker } from './embedded-broker'

const service = { username: 'canopy-cloud', password: 'cloud-secret' }
const THING = 'cnp-00000000aaaa'
const SECRET = 'device-secret'

/** The embedded broker runs in a thread of its own; the server answers what it asks and restarts it. */
describe('the embedded broker in its own thread', () => {
  let broker: EmbeddedBroker | undefined
  afterEach(async () => {
    await broker?.close()
    broker = undefined
  })

  /** Starts the broker, keeping each thread it spawns and each crash it hears of. */
  async function start(
    verify = async (thing: string, secret: string) => thing === THING && secret === SECRET,
  ) {
    const threads: Worker[] = []
    const crashes: Error[] = []
    const checked: string[] = []
    const failedChecks: string[] = []
    broker = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      service,
      credentials: {
        verify: (thing, secret) => {
          checked.push(thing)
          return verify(thing, secret)
        },
      },
      onCheckFailed: (thing, error) => failedChecks.push(`${thing}: ${error.message}`),
      maxPacketBytes: 131_072,
      onCrash: (error) => crashes.push(error),
      spawnThread: async (options) => {
        const thread = await spawnBrokerThread(options)
        threads.push(thread)
        return thread
      },
    })
    return { broker, threads, crashes, checked, failedChecks, url: `mqtt://127.0.0.1:${broker.port}` }
  }

  const connect = (url: string, password: string) =>
    mqtt.connectAsync(url, {
      protocolVersion: 4,
      clientId: THING,
      username: THING,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    })

  it("asks the server to check each device's secret", async () => {
    const { url, checked } = await start()
    const device = await connect(url, SECRET)
    await device.endAsync()
    await expect(connect(url, 'wrong')).rejects.toThrow(/Bad username or password/)
    expect(checked).toEqual([THING, THING])
  })

  it('refuses a device whose secret could not be checked, and says so', async () => {
    const { url, broker, failedChecks } = await start(async () => {
      throw new Error('database unreachable')
    })
    await expect(connect(url, SECRET)).rejects.toThrow(/Bad username or password/)
    expect(failedChecks).toEqual([`${THING}: database unreachable`])
    expect(broker.counters.failedChecks).toBe(1)
  })

  it('ends a device session when the server says so', async () => {
    const { url, broker } = await start()
    const device = await connect(url, SECRET)
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()))
    broker.disconnectDevice(THING)
    await closed
    device.end(true)
  })

  it('starts a thread that died again, on the same port, and says why it died', async () => {
    const { url, broker, threads, crashes } = await start()
    await threads[0]!.terminate()
    await eventually(
      async () => threads.length,
      (count) => count === 2,
      10_000,
    )
    expect(broker.counters.restarts).toBe(1)
    expect(crashes.map((error) => error.message)).toEqual(["the broker's thread exited with code 1"])
    // Until the new thread listens, the port refuses connections: those refusals are what is
    // waited out. Any other failure fails the test.
    const device = await eventually(
      () =>
        connect(url, SECRET).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ECONNREFUSED') throw error
          return undefined
        }),
      (client) => client !== undefined,
      10_000,
    )
    await device!.endAsync()
  })
})
