import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { DeviceRefusal, DeviceRefusals } from './device-refusals'

function logger() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = []
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, fields, message })
  return { log: { warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger, lines }
}

describe('device refusals', () => {
  it('counts every refusal and logs one short line per device per minute, then tells what it left out', () => {
    const { log, lines } = logger()
    let now = 0
    const refusals = new DeviceRefusals(log, () => now)
    for (let index = 0; index < 50; index++)
      refusals.refuse('cnp-a', 'telemetry', 't', new DeviceRefusal('malformed', 'payload: json'))
    expect(refusals.counts.telemetry.malformed).toBe(50)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'warn', fields: { thing: 'cnp-a', reason: 'malformed' } })
    expect(lines[0]!.fields.err).toBeUndefined()
    now += 60_000
    refusals.refuse('cnp-a', 'telemetry', 't', new DeviceRefusal('malformed', 'payload: json'))
    expect(lines[1]!.fields.suppressed).toBe(49)
  })

  it('logs an unexpected failure with its stack, within the same bounds, and caps all devices together', () => {
    const { log, lines } = logger()
    const refusals = new DeviceRefusals(log, () => 0)
    refusals.refuse('cnp-a', 'shadow', 't', new Error('boom'))
    expect(lines[0]).toMatchObject({ level: 'error', fields: { err: expect.any(Error) } })
    for (let index = 0; index < 500; index++)
      refusals.refuse(`cnp-${index}`, 'status', 't', new DeviceRefusal('throttled', 'x'))
    expect(lines.length).toBe(100)
    expect(refusals.counts.shadow.failed).toBe(1)
    expect(refusals.total('throttled')).toBe(500)
    expect(refusals.suppressedLines).toBe(401)
  })
})
