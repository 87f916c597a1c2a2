import { upgradeCreateRequest } from '@canopy/shared/validation'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { createOrderRequest, INITIAL_ORDER_FORM, isoWithOffset } from './order-form'

describe('createOrderRequest', () => {
  it('sends an immediate order of chosen devices with nothing else', () => {
    expect(createOrderRequest({ ...INITIAL_ORDER_FORM, deviceIds: [3, 4] }, 9)).toEqual({
      packageId: 9,
      timing: 'immediate',
      deviceIds: [3, 4],
    })
  })

  it('sends a timed project order with every advanced option, as the shared rule accepts it', () => {
    const start = dayjs().add(2, 'hour')
    const request = createOrderRequest(
      {
        ...INITIAL_ORDER_FORM,
        target: 'project',
        gid: 5,
        model: 'CAP-1200',
        timing: 'timed',
        startAt: start,
        canaryMode: 'percent',
        canaryPercent: 10,
        ratePerMinute: 30,
        concurrency: 5,
        abortPercent: 20,
        abortMinFinished: 4,
        waitOffline: true,
        windowEnd: start.add(3, 'hour'),
      },
      9,
    )
    expect(request).toEqual({
      packageId: 9,
      timing: 'timed',
      gid: 5,
      startAt: isoWithOffset(start),
      canary: { percent: 10 },
      ratePerMinute: 30,
      concurrency: 5,
      abort: { failurePercent: 20, minFinished: 4 },
      waitOffline: true,
      windowEnd: isoWithOffset(start.add(3, 'hour')),
    })
    expect(upgradeCreateRequest.safeParse(request).success).toBe(true)
  })

  it('leaves out a canary of the other mode and a half-given abort', () => {
    const request = createOrderRequest(
      {
        ...INITIAL_ORDER_FORM,
        deviceIds: [1],
        canaryMode: 'devices',
        canaryDevices: 2,
        canaryPercent: 50,
        abortPercent: 10,
      },
      1,
    )
    expect(request.canary).toEqual({ devices: 2 })
    expect(request.abort).toBeUndefined()
  })

  it('writes times with the offset, to the minute', () => {
    expect(isoWithOffset(dayjs('2026-11-24T10:15:42.123Z'))).toMatch(
      /^2026-11-24T\d{2}:15:00[+-]\d{2}:\d{2}$/,
    )
  })
})
