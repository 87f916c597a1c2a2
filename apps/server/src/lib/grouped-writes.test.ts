import { describe, expect, it } from 'vitest'
import { groupedWrites } from './grouped-writes'

describe('grouped writes', () => {
  it('writes what arrives together in one group, at most max a group, each caller its own result', async () => {
    const groups: number[][] = []
    const write = groupedWrites(
      async (items: number[]) => {
        groups.push(items)
        return items.map((item) => item * 10)
      },
      { max: 3 },
    )
    const results = await Promise.all([1, 2, 3, 4, 5].map((item) => write(item)))
    expect(results).toEqual([10, 20, 30, 40, 50])
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ])
    expect(await write(6)).toBe(60)
    expect(groups.at(-1)).toEqual([6])
  })

  it('fails only the bad item when its group fails: the others are written one by one', async () => {
    const groups: number[][] = []
    const write = groupedWrites(
      async (items: number[]) => {
        groups.push(items)
        if (items.includes(2)) throw new Error('no 2')
        return items
      },
      { max: 10 },
    )
    const settled = await Promise.allSettled([1, 2, 3].map((item) => write(item)))
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((settled[1] as PromiseRejectedResult).reason).toEqual(new Error('no 2'))
    expect(groups).toEqual([[1, 2, 3], [1], [2], [3]])
  })
})
