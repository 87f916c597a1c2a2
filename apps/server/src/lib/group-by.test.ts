import { describe, expect, it } from 'vitest'
import { groupBy, groupsOf } from './group-by'

describe('groupBy', () => {
  it('groups items by key in their order, whole or a part of each', () => {
    const rows = [
      { job: 'a', device: 1 },
      { job: 'b', device: 2 },
      { job: 'a', device: 3 },
    ]
    expect([
      ...groupBy(
        rows,
        (row) => row.job,
        (row) => row.device,
      ),
    ]).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ])
    expect(groupBy(rows, (row) => row.device).get(3)).toEqual([{ job: 'a', device: 3 }])
  })
})

describe('groupsOf', () => {
  it('cuts items into consecutive groups of a size, the last one shorter', () => {
    expect(groupsOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(groupsOf([], 3)).toEqual([])
  })
})
