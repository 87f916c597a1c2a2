import { describe, expect, it } from 'vitest'
import { inRounds } from './in-rounds'

describe('writes in rounds', () => {
  it('writes each key once a round, a key’s later items in later rounds, results in the items’ order', async () => {
    const rounds: string[][] = []
    const items = ['a1', 'b1', 'a2', 'c1', 'a3', 'b2']
    const results = await inRounds(
      items,
      (item) => item[0]!,
      async (round) => {
        rounds.push(round)
        return round.map((item) => item.toUpperCase())
      },
    )
    expect(rounds).toEqual([['a1', 'b1', 'c1'], ['a2', 'b2'], ['a3']])
    expect(results).toEqual(['A1', 'B1', 'A2', 'C1', 'A3', 'B2'])
  })

  it('writes nothing for no items', async () => {
    expect(await inRounds([], String, async () => ['never'])).toEqual([])
  })
})
