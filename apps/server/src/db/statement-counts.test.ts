import { describe, expect, it } from 'vitest'
import { StatementCounts } from './statement-counts'

describe('statement counts', () => {
  it('counts statements by their text, most sent first, as many as asked for', () => {
    const counts = new StatementCounts()
    for (const statement of ['select 1', 'select 2', 'select 1', 'begin', 'select 1', 'begin'])
      counts.count(statement)
    expect(counts.top(2)).toEqual([
      { statement: 'select 1', count: 3 },
      { statement: 'begin', count: 2 },
    ])
  })

  it('tells statements apart by their first 200 characters', () => {
    const counts = new StatementCounts()
    const long = `select ${'x'.repeat(300)}`
    counts.count(`${long} where a = $1`)
    counts.count(`${long} where b = $1`)
    expect(counts.top()).toEqual([{ statement: long.slice(0, 200), count: 2 }])
  })
})
