import { describe, expect, it } from 'vitest'
import { timedRebootValues, wifiScheduleValues, withSortedDays } from './schedule'

describe('schedules', () => {
  it('are sent with their weekdays in order', () => {
    expect(withSortedDays({ enabled: true, days: [3, 0, 6], time: '04:30' })).toEqual({
      enabled: true,
      days: [0, 3, 6],
      time: '04:30',
    })
  })

  it('start from the device’s, or from switched-off defaults the shared rules accept', () => {
    expect(timedRebootValues({ timedReboot: { enabled: true, days: [2], time: '01:00' } })).toEqual({
      enabled: true,
      days: [2],
      time: '01:00',
    })
    expect(timedRebootValues({})).toEqual({ enabled: false, days: [0], time: '03:00' })
    expect(wifiScheduleValues({})).toMatchObject({ enabled: false, off: '01:00', on: '06:00' })
  })
})
