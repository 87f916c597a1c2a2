import { describe, expect, it } from 'vitest'
import { nextRun, scheduledJobId } from './backup-schedule'

describe('a project backup schedule', () => {
  const at = (iso: string) => new Date(iso)

  it('runs daily at its time: today when still ahead, else tomorrow', () => {
    const daily = { frequency: 'daily', weekday: null, time: '03:30' }
    expect(nextRun(daily, at('2026-11-24T01:00:00Z'))).toEqual(at('2026-11-24T03:30:00Z'))
    expect(nextRun(daily, at('2026-11-24T03:30:00Z'))).toEqual(at('2026-11-25T03:30:00Z'))
    expect(nextRun(daily, at('2026-12-31T23:59:00Z'))).toEqual(at('2027-01-01T03:30:00Z'))
  })

  it('runs weekly on its day (0 = Sunday)', () => {
    const weekly = { frequency: 'weekly', weekday: 0, time: '22:00' }
    // 2026-11-24 is a Tuesday: the next Sunday is the 29th.
    expect(nextRun(weekly, at('2026-11-24T12:00:00Z'))).toEqual(at('2026-11-29T22:00:00Z'))
    expect(nextRun(weekly, at('2026-11-29T22:00:00Z'))).toEqual(at('2026-12-06T22:00:00Z'))
  })

  it('names one job per project and time, so a run attempted twice is one job', () => {
    expect(scheduledJobId(7, at('2026-11-29T22:00:00Z'))).toBe('bks-7-202611292200')
    expect(scheduledJobId(7, at('2026-11-29T22:00:00Z'))).toBe(
      scheduledJobId(7, at('2026-11-29T22:00:00.000Z')),
    )
  })
})
