import { describe, expect, it } from 'vitest'
import { Coalesced, coalescedRows } from './coalesced'

describe('coalesced requests', () => {
  it('runs a lone request at once, and those made meanwhile as the next batch', async () => {
    const batches: number[][] = []
    const doubled = new Coalesced<number, number>(async (items) => {
      batches.push(items)
      await new Promise((resolve) => setImmediate(resolve))
      return items.map((item) => item * 2)
    })
    const answers = await Promise.all([1, 2, 3, 4].map((item) => doubled.submit(item)))
    expect(answers).toEqual([2, 4, 6, 8])
    expect(batches).toEqual([[1], [2, 3, 4]])
  })

  it('keeps batches within maxBatch', async () => {
    const sizes: number[] = []
    const echo = new Coalesced<number, number>(async (items) => {
      sizes.push(items.length)
      return items
    }, 2)
    await Promise.all([1, 2, 3, 4, 5, 6].map((item) => echo.submit(item)))
    expect(Math.max(...sizes)).toBe(2)
  })

  it('fails only the caller whose item breaks a batch', async () => {
    const picky = new Coalesced<number, number>(async (items) => {
      await new Promise((resolve) => setImmediate(resolve))
      if (items.includes(13)) throw new Error('13 refused')
      return items
    })
    const settled = await Promise.allSettled([1, 2, 13, 4].map((item) => picky.submit(item)))
    expect(settled.map((entry) => entry.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
  })
})

describe('coalesced requests gathered by turn', () => {
  it('takes the requests made in one turn as one batch, the first included', async () => {
    const batches: number[][] = []
    const echo = new Coalesced<number, number>(
      async (items) => {
        batches.push(items)
        return items
      },
      500,
      { gatherTurn: true },
    )
    expect(await Promise.all([1, 2, 3].map((item) => echo.submit(item)))).toEqual([1, 2, 3])
    expect(await echo.submit(4)).toBe(4)
    expect(batches).toEqual([[1, 2, 3], [4]])
  })
})

describe('coalesced reads of each key’s rows', () => {
  it('asks for each key once, and gives every caller its key’s rows in order, or none', async () => {
    const asked: number[][] = []
    const rows = [
      { device: 1, n: 'a' },
      { device: 2, n: 'b' },
      { device: 1, n: 'c' },
    ]
    const reads = coalescedRows(
      async (devices: number[]) => {
        asked.push(devices)
        await new Promise((resolve) => setImmediate(resolve))
        return rows.filter((row) => devices.includes(row.device))
      },
      (row) => row.device,
    )
    const first = reads.submit(9)
    const answers = await Promise.all([1, 2, 1, 3].map((device) => reads.submit(device)))
    expect(await first).toEqual([])
    expect(answers.map((list) => list.map((row) => row.n))).toEqual([['a', 'c'], ['b'], ['a', 'c'], []])
    expect(asked).toEqual([[9], [1, 2, 3]])
  })
})
