import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readDevicePayload, storable, unstorableIn } from './device-json'
import { rpcResponse, statusMessage, telemetryMessage } from './messages'
import { shadowUpdateRequest } from './shadow'

const bytes = (text: string) => new TextEncoder().encode(text)
const telemetry = { uptime: 1, cpu: 1, mem: 1, clients: 1 }

describe('device JSON that PostgreSQL can store', () => {
  it('finds a NUL or a lone surrogate in any value or key, at any depth', () => {
    expect(unstorableIn({ a: [{ b: 'fine \ud83d\ude00' }] })).toBeUndefined()
    expect(unstorableIn({ a: [{ b: 'x\u0000y' }] })).toBe('text')
    expect(unstorableIn({ a: { 'k\ud800': 1 } })).toBe('text')
    expect(unstorableIn(['\udc00 low alone'])).toBe('text')
    expect(unstorableIn({ a: 'x\ud800' })).toBe('text')
  })

  it('refuses runaway nesting without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)
    expect(unstorableIn(deep)).toBe('depth')
  })

  it('reads a payload as strict UTF-8 JSON', () => {
    expect(readDevicePayload(bytes('{"a":1}'))).toEqual({ ok: true, value: { a: 1 } })
    expect(readDevicePayload(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({ ok: false, problem: 'encoding' })
    expect(readDevicePayload(bytes('{"a":'))).toEqual({ ok: false, problem: 'json' })
    expect(readDevicePayload(bytes('{"a":"\\u0000"}'))).toEqual({ ok: false, problem: 'text' })
    expect(readDevicePayload(bytes('{"\\ud800":1}'))).toEqual({ ok: false, problem: 'text' })
  })

  it('makes every device message schema refuse it, in known and unknown fields alike', () => {
    expect(telemetryMessage.safeParse(telemetry).success).toBe(true)
    expect(telemetryMessage.safeParse({ ...telemetry, extra: 'a\u0000' }).success).toBe(false)
    expect(telemetryMessage.safeParse({ ...telemetry, wan: { ip: '\ud800' } }).success).toBe(false)
    expect(statusMessage.safeParse({ state: 'online', firmware: '1.0\u0000' }).success).toBe(false)
    expect(statusMessage.safeParse({ state: 'online', 'x\ud800': 1 }).success).toBe(false)
    expect(rpcResponse.safeParse({ clientToken: 't', result: { lines: ['\u0000'] } }).success).toBe(false)
    expect(shadowUpdateRequest.safeParse({ state: { reported: { ssid: 'a\u0000' } } }).success).toBe(false)
    expect(storable(z.unknown()).safeParse({ ok: 'yes' }).success).toBe(true)
  })

  it('bounds the telemetry numbers by the columns they are filed in', () => {
    expect(telemetryMessage.safeParse({ ...telemetry, clients: 2 ** 31 }).success).toBe(false)
    expect(telemetryMessage.safeParse({ ...telemetry, uptime: 1e300 }).success).toBe(false)
  })
})
