import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ThrottledReports } from './throttled-reports'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Reports whose resends are counted (and whose failures fail the test), first wait 1 s. */
function countedReports() {
  const resend = vi.fn(async () => {})
  const reports = new ThrottledReports(resend, (error) => expect.fail(error.message), 1000)
  return { resend, reports }
}

describe('reported state a busy cloud throttled', () => {
  it('goes again once after the wait, however many refusals came meanwhile', async () => {
    const { resend, reports } = countedReports()
    reports.refused()
    reports.refused()
    reports.refused()
    await vi.advanceTimersByTimeAsync(400)
    expect(resend).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1200)
    expect(resend).toHaveBeenCalledTimes(1)
  })

  it('waits longer after each refusal in a row (up to 32×), and starts over after a calm minute', async () => {
    const { resend, reports } = countedReports()
    for (const most of [1500, 3000, 6000, 12_000, 24_000, 48_000, 48_000]) {
      reports.refused()
      const before = resend.mock.calls.length
      await vi.advanceTimersByTimeAsync(most)
      expect(resend).toHaveBeenCalledTimes(before + 1)
    }
    // The 8th in a row waits at least 16 s (32 s × 0.5): not sent after 15 s.
    reports.refused()
    await vi.advanceTimersByTimeAsync(15_000)
    expect(resend).toHaveBeenCalledTimes(7)
    await vi.advanceTimersByTimeAsync(60_000)
    reports.refused()
    await vi.advanceTimersByTimeAsync(1500)
    expect(resend).toHaveBeenCalledTimes(9)
  })

  it('sends nothing once stopped (the device went offline)', async () => {
    const { resend, reports } = countedReports()
    reports.refused()
    reports.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(resend).not.toHaveBeenCalled()
  })

  it('hands a failed resend to its error report, not to nowhere', async () => {
    const failures: string[] = []
    const reports = new ThrottledReports(
      async () => {
        throw new Error('client closed')
      },
      (error) => failures.push(error.message),
      1000,
    )
    reports.refused()
    await vi.advanceTimersByTimeAsync(1500)
    expect(failures).toEqual(['client closed'])
  })
})
