import { Socket } from 'node:net'
import mqtt from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../test/devices'
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker'
import { PacketSizeGuard } from './packet-size-guard'

/** A QoS 0 PUBLISH to topic `t` whose body is `bytes` long, as MQTT 3.1.1 writes it. */
function publish(bytes: number): Buffer {
  const length: number[] = []
  let left = bytes
  do {
    length.push((left % 128) | (left >= 128 ? 0x80 : 0))
    left = Math.floor(left / 128)
  } while (left > 0)
  const body = Buffer.alloc(bytes, 'x')
  body.writeUInt16BE(1, 0)
  body.write('t', 2)
  return Buffer.concat([Buffer.from([0x30, ...length]), body])
}
const PINGREQ = Buffer.from([0xc0, 0x00])

describe('the packet size guard', () => {
  it('follows packets across chunks and refuses the first one over the limit', () => {
    const guard = new PacketSizeGuard(1000)
    const small = publish(500)
    const stream = Buffer.concat([small, PINGREQ, small])
    // one byte at a time: headers split across chunks
    for (const byte of stream) expect(guard.accept(Uint8Array.of(byte))).toBe(true)
    const big = publish(2000)
    expect(guard.accept(big.subarray(0, 3))).toBe(false)
  })

  it('takes a packet of exactly the limit, header included', () => {
    const exact = publish(1000)
    expect(new PacketSizeGuard(exact.length).accept(exact)).toBe(true)
    expect(new PacketSizeGuard(exact.length - 1).accept(exact)).toBe(false)
  })

  it('refuses a remaining length of more than four bytes', () => {
    expect(new PacketSizeGuard(1e9).accept(Uint8Array.of(0x30, 0xff, 0xff, 0xff, 0xff, 0x01))).toBe(false)
  })
})

describe('the embedded broker with a maximum packet size', () => {
  let broker: EmbeddedBroker
  const service = { username: 'canopy-cloud', password: 'cloud-secret' }
  const oversized: Array<string | undefined> = []

  beforeAll(async () => {
    broker = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      service,
      credentials: { verify: async () => false },
      maxPacketBytes: 4096,
      onOversized: (clientId) => oversized.push(clientId),
    })
  })
  afterAll(() => broker.close())

  it('drops a connection whose packet announces more, before the body arrives', async () => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      protocolVersion: 4,
      clientId: 'canopy-cloud-test',
      ...service,
      reconnectPeriod: 0,
    })
    await client.publishAsync('ok', Buffer.alloc(3000))
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()))
    void client.publishAsync('big', Buffer.alloc(5000)).catch(() => {})
    await closed
    expect(broker.counters.oversizedPackets).toBe(1)
    expect(oversized).toEqual(['canopy-cloud-test'])
    client.end(true)
  })

  it('never buffers a 64 MB announcement: the header alone ends the connection', async () => {
    const socket = new Socket()
    await new Promise<void>((resolve) => socket.connect(broker.port, '127.0.0.1', resolve))
    // A CONNECT header announcing 64 MB, then only a little of its body: Aedes alone would
    // wait for (and hold) the whole packet.
    const header = Buffer.from([0x10, 0x80, 0x80, 0x80, 0x20])
    socket.write(Buffer.concat([header, Buffer.alloc(1024)]))
    await eventually(
      async () => socket.destroyed || socket.readableEnded,
      (closed) => closed,
    )
    expect(broker.counters.oversizedPackets).toBe(2)
    socket.destroy()
  })
})
