import { describe, expect, it } from 'vitest'
import { trafficWindow } from './traffic-window'

const now = new Date('2026-03-01T12:00:00Z')

describe('trafficWindow', () => {
  it('downsamples an hour to minutes, a day to 5 minutes and a week to hours, ending with the bucket in progress', () => {
    const at = new Date('2026-03-01T12:07:30Z')
    expect(trafficWindow('hour', 60, at)).toEqual({
      from: new Date('2026-03-01T11:08:00Z'),
      to: new Date('2026-03-01T12:08:00Z'),
      bucketSeconds: 60,
      sampleSeconds: 60,
    })
    expect(trafficWindow('day', 60, at)).toMatchObject({
      to: new Date('2026-03-01T12:10:00Z'),
      bucketSeconds: 300,
    })
    expect(trafficWindow('week', 60, at)).toMatchObject({
      from: new Date('2026-02-22T13:00:00Z'),
      to: new Date('2026-03-01T13:00:00Z'),
      bucketSeconds: 3600,
    })
  })

  it('gives the same window until the next bucket begins', () => {
    const early = trafficWindow('week', 300, new Date('2026-03-01T12:00:00Z'))
    expect(trafficWindow('week', 300, new Date('2026-03-01T12:59:59Z'))).toEqual(early)
  })

  it('never cuts buckets finer than the samples are apart', () => {
    expect(trafficWindow('hour', 300, now).bucketSeconds).toBe(300)
    expect(trafficWindow('day', 900, now).bucketSeconds).toBe(900)
    expect(trafficWindow('week', 900, now).bucketSeconds).toBe(3600)
  })
})
