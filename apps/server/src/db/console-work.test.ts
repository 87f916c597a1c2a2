import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { asConsoleWork, RoutingPool } from './console-work'

/** Which pool took each statement: a stand-in pool records its name. */
function recordingPool(name: string, taken: string[]): pg.Pool {
  return {
    query: async () => taken.push(name),
    connect: async () => taken.push(`${name} transaction`),
  } as unknown as pg.Pool
}

describe('console work', () => {
  it("sends a console request's statements and transactions to the console's pool, others to the pool", async () => {
    const taken: string[] = []
    const routing = new RoutingPool(recordingPool('background', taken), recordingPool('console', taken))
    await routing.query('select 1')
    await asConsoleWork(async () => {
      await routing.query('select 1')
      await routing.connect()
    })
    await routing.connect()
    expect(taken).toEqual(['background', 'console', 'console transaction', 'background transaction'])
  })

  it('sends what a request left behind to the pool once it has answered', async () => {
    const taken: string[] = []
    const routing = new RoutingPool(recordingPool('background', taken), recordingPool('console', taken))
    let leftOver: Promise<unknown> | undefined
    await asConsoleWork(async () => {
      // A timer set during the request keeps its context, and runs after the answer.
      leftOver = new Promise((resolve) => setTimeout(() => resolve(routing.query('select 1')), 10))
    })
    await leftOver
    expect(taken).toEqual(['background'])
  })
})
