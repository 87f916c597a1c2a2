import { describe, expect, it } from 'vitest'
import { buildFirmwareImage, FIRMWARE_IMAGE_MAGIC, readFirmwareHeader } from './firmware-image'

const ascii = (text: string) => new TextEncoder().encode(text)

describe('buildFirmwareImage', () => {
  it('writes the magic, the big-endian header length, the JSON header, then the payload', () => {
    const payload = Uint8Array.of(1, 2, 3)
    const image = buildFirmwareImage({ model: 'CAP-1200', version: '2.1.0', payload })
    const json = '{"model":"CAP-1200","version":"2.1.0"}'
    expect(new TextDecoder().decode(image.subarray(0, 8))).toBe(FIRMWARE_IMAGE_MAGIC)
    expect(Array.from(image.subarray(8, 12))).toEqual([0, 0, 0, json.length])
    expect(new TextDecoder().decode(image.subarray(12, 12 + json.length))).toBe(json)
    expect(Array.from(image.subarray(12 + json.length))).toEqual([1, 2, 3])
  })

  it('generates a payload filling the image to the size asked, the same for the same model and version', () => {
    const a = buildFirmwareImage({ model: 'CAP-1200', version: '2.1.0', size: 1_048_576 })
    const b = buildFirmwareImage({ model: 'CAP-1200', version: '2.1.0', size: 1_048_576 })
    const other = buildFirmwareImage({ model: 'CAP-1200', version: '2.1.1', size: 1_048_576 })
    expect(a.length).toBe(1_048_576)
    expect(Buffer.compare(a, b)).toBe(0)
    expect(Buffer.compare(a.subarray(60), other.subarray(60))).not.toBe(0)
    // Not a constant fill: a device's checksum must notice a flipped byte anywhere.
    expect(new Set(a.subarray(100, 1100)).size).toBeGreaterThan(200)
  })

  it('returns a Buffer in Node, so callers can hash and send it as is', () => {
    expect(Buffer.isBuffer(buildFirmwareImage({ model: 'M', version: '1', size: 100 }))).toBe(true)
  })
})

describe('readFirmwareHeader', () => {
  it('reads back what buildFirmwareImage wrote', () => {
    const image = buildFirmwareImage({ model: 'CAP-1200', version: '2.1.0', size: 4096 })
    expect(readFirmwareHeader(image)).toEqual({ model: 'CAP-1200', version: '2.1.0', headerBytes: 12 + 38 })
  })

  it('reads a header from a view into a larger buffer (a stream chunk)', () => {
    const image = buildFirmwareImage({ model: '路由器', version: 'v1', size: 200 })
    const framed = new Uint8Array(image.length + 10)
    framed.set(image, 10)
    expect(readFirmwareHeader(framed.subarray(10))?.model).toBe('路由器')
  })

  it.each([
    ['too short', ascii('CNPYFW01')],
    ['another magic', ascii('CNPYFW02\u0000\u0000\u0000\u0002{}')],
    ['a header longer than the bytes', Uint8Array.of(...ascii('CNPYFW01'), 0, 0, 0, 50, ...ascii('{}'))],
    ['an empty header', Uint8Array.of(...ascii('CNPYFW01'), 0, 0, 0, 0)],
    ['JSON that is not an object', Uint8Array.of(...ascii('CNPYFW01'), 0, 0, 0, 4, ...ascii('null'))],
    ['not JSON', Uint8Array.of(...ascii('CNPYFW01'), 0, 0, 0, 3, ...ascii('{x}'))],
    ['not UTF-8', Uint8Array.of(...ascii('CNPYFW01'), 0, 0, 0, 2, 0xff, 0xfe)],
    ['a version missing', Uint8Array.of(...ascii('CNPYFW01'), 0, 0, 0, 11, ...ascii('{"model":1}'))],
    ['an empty model', buildFirmwareImage({ model: '', version: '1' })],
    ['a huge length field', Uint8Array.of(...ascii('CNPYFW01'), 0xff, 0xff, 0xff, 0xff, ...ascii('{}'))],
  ])('refuses %s', (_, bytes) => {
    expect(readFirmwareHeader(bytes)).toBeUndefined()
  })
})
