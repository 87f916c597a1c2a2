import { describe, expect, it } from 'vitest'
import { trafficWindow } from './traffic-window'

const now = new Date('2026-03-01T12:00:00Z')

describe('trafficWindow', () => {
  it('downsamples an hour to minutes, a day to 5 minutes and a week to hours, ending now', () => {
    expect(trafficWindow('hour', 60, now)).toEqual({
      from: new Date('2026-03-01T11:00:00Z'),
      to: now,
      bucketSeconds: 60,
      sampleSeconds: 60,
    })
    expect(trafficWindow('day', 60, now).bucketSeconds).toBe(300)
    expect(trafficWindow('week', 60, now)).toMatchObject({
      from: new Date('2026-02-22T12:00:00Z'),
      bucketSeconds: 3600,
    })
  })

  it('never cuts buckets finer than the samples are apart', () => {
    expect(trafficWindow('hour', 300, now).bucketSeconds).toBe(300)
    expect(trafficWindow('day', 900, now).bucketSeconds).toBe(900)
    expect(trafficWindow('week', 900, now).bucketSeconds).toBe(3600)
  })
})
