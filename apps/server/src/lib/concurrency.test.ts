import { describe, expect, it } from 'vitest'
import { eachConcurrently } from './concurrency'

describe('eachConcurrently', () => {
  it('does every item, never more than the limit at once', async () => {
    let running = 0
    let most = 0
    const done: number[] = []
    await eachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 5 * (item % 3)))
      done.push(item)
      running--
    })
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(most).toBe(3)
  })

  it('rejects with the failure of an item', async () => {
    await expect(
      eachConcurrently([1, 2], 2, async (item) => {
        if (item === 2) throw new Error('two')
      }),
    ).rejects.toThrow('two')
  })
})
