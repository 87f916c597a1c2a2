import { describe, expect, it } from 'vitest'
import { entryCount, formValues, NEW_STRATEGY, PERMANENT, requestOf, VALIDITY_CHOICES } from './strategy-form'

describe('the strategy form', () => {
  it('offers 1 to 7 days and permanent (§9)', () => {
    expect(VALIDITY_CHOICES).toEqual([1, 2, 3, 4, 5, 6, 7, PERMANENT])
  })

  it('sends permanent as null and reads it back', () => {
    expect(requestOf({ ...NEW_STRATEGY, validity_days: PERMANENT }).validity_days).toBeNull()
    expect(requestOf({ ...NEW_STRATEGY, validity_days: 3 }).validity_days).toBe(3)
    const strategy = {
      ...requestOf(NEW_STRATEGY),
      id: 4,
      validity_days: null,
      created_at: '2026-01-01T00:00:00Z',
    }
    expect(formValues(strategy)).toEqual({ ...NEW_STRATEGY, validity_days: PERMANENT })
  })

  it('counts the addresses of a stored list', () => {
    expect(entryCount('')).toBe(0)
    expect(entryCount('10.0.0.2,10.0.0.3')).toBe(2)
  })
})
