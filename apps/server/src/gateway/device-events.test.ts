import { describe, expect, it } from 'vitest'
import { type DeviceEventName, DeviceEvents } from './device-events'

describe('the device-event bus', () => {
  const busWithErrors = () => {
    const errors: Array<{ event: DeviceEventName; error: unknown }> = []
    return { bus: new DeviceEvents((event, error) => errors.push({ event, error })), errors }
  }

  it('tells every subscriber of an event, in order, with its payload, and none of another event', () => {
    const { bus } = busWithErrors()
    const heard: string[] = []
    bus.on('online', ({ thing }) => void heard.push(`a ${thing}`))
    bus.on('online', ({ deviceId }) => void heard.push(`b ${deviceId}`))
    bus.on('offline', () => void heard.push('offline'))
    bus.emit('online', { deviceId: 7, thing: 'cnp-000000000007' })
    expect(heard).toEqual(['a cnp-000000000007', 'b 7'])
  })

  it('reports a listener that throws or rejects, and still tells the others', async () => {
    const { bus, errors } = busWithErrors()
    const heard: number[] = []
    bus.on('offline', () => {
      throw new Error('sync failure')
    })
    bus.on('offline', async () => {
      throw new Error('async failure')
    })
    bus.on('offline', ({ deviceId }) => void heard.push(deviceId))
    expect(() => bus.emit('offline', { deviceId: 3, reason: 'status' })).not.toThrow()
    await new Promise((resolve) => setImmediate(resolve))
    expect(heard).toEqual([3])
    expect(errors.map(({ event, error }) => [event, (error as Error).message])).toEqual([
      ['offline', 'sync failure'],
      ['offline', 'async failure'],
    ])
    expect(bus.failures.offline).toBe(2)
  })

  it('stops telling a listener once it unsubscribes', () => {
    const { bus } = busWithErrors()
    let count = 0
    const off = bus.on('online', () => void count++)
    bus.emit('online', { deviceId: 1, thing: 'cnp-000000000001' })
    off()
    bus.emit('online', { deviceId: 1, thing: 'cnp-000000000001' })
    expect(count).toBe(1)
  })

  it('settles an emit once every listener’s work is done, a failed one reported, not thrown', async () => {
    const { bus, errors } = busWithErrors()
    const done: string[] = []
    let finishSlow: () => void = () => undefined
    bus.on('online', () =>
      new Promise<void>((resolve) => (finishSlow = resolve)).then(() => done.push('slow')),
    )
    bus.on('online', async () => {
      throw new Error('async failure')
    })
    let settled = false
    const emitted = bus.emitSettled('online', { deviceId: 2, thing: 'cnp-000000000002' }).then(() => {
      settled = true
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    finishSlow()
    await emitted
    expect(done).toEqual(['slow'])
    expect(errors).toHaveLength(1)
  })
})
