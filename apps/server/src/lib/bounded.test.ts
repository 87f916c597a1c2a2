import { describe, expect, it } from 'vitest'
import { StepTimedOut, shutDownInSteps, within } from './bounded'

describe('within', () => {
  it('passes on the result of work that finishes in time, and stops waiting for work that does not', async () => {
    await expect(within(100, 'quick', Promise.resolve(7))).resolves.toBe(7)
    const started = Date.now()
    await expect(within(50, 'stuck', new Promise(() => {}))).rejects.toBeInstanceOf(StepTimedOut)
    expect(Date.now() - started).toBeLessThan(1000)
  })
})

describe('shutDownInSteps', () => {
  it('runs every step in order, reporting the ones that fail or overrun', async () => {
    const ran: string[] = []
    const reported: string[] = []
    await shutDownInSteps(
      [
        { name: 'stuck', ms: 30, run: () => new Promise(() => ran.push('stuck')) },
        {
          name: 'failing',
          ms: 30,
          run: () => {
            ran.push('failing')
            throw new Error('gone')
          },
        },
        { name: 'fine', ms: 30, run: async () => ran.push('fine') },
      ],
      (step) => reported.push(step),
    )
    expect(ran).toEqual(['stuck', 'failing', 'fine'])
    expect(reported).toEqual(['stuck', 'failing'])
  })
})
