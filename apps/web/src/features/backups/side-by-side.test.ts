import { describe, expect, it } from 'vitest'
import { CONTEXT_LINES, sideBySide, withFolds } from './side-by-side'

describe('sideBySide', () => {
  it('faces unchanged lines, pairs a replaced line with its replacement, and leaves gaps for the rest', () => {
    const before = ['{', '  "ssid": "A",', '  "led": true', '}'].join('\n')
    const after = ['{', '  "ssid": "B",', '  "led": true,', '  "mtu": 1500', '}'].join('\n')
    expect(sideBySide(before, after)).toEqual([
      { left: '{', right: '{', kind: 'same' },
      { left: '  "ssid": "A",', right: '  "ssid": "B",', kind: 'changed' },
      { left: '  "led": true', right: '  "led": true,', kind: 'changed' },
      { left: null, right: '  "mtu": 1500', kind: 'added' },
      { left: '}', right: '}', kind: 'same' },
    ])
  })

  it('shows equal texts as the same lines', () => {
    expect(sideBySide('a\nb', 'a\nb').every((row) => row.kind === 'same')).toBe(true)
  })

  it('folds long unchanged runs away from the differences, and opens a fold when asked', () => {
    const lines = Array.from({ length: 40 }, (_, at) => `line ${at}`)
    const after = [...lines]
    after[20] = 'line 20 changed'
    const rows = sideBySide(lines.join('\n'), after.join('\n'))
    const shown = withFolds(rows, new Set())
    const from = 20 - CONTEXT_LINES
    const to = 20 + CONTEXT_LINES
    expect(shown).toEqual([
      { fold: { from: 0, count: from } },
      ...rows.slice(from, to + 1).map((row, at) => ({ at: from + at, row })),
      { fold: { from: to + 1, count: 40 - to - 1 } },
    ])
    expect(shown.filter((item) => 'row' in item && item.row.kind === 'changed')).toHaveLength(1)
    const opened = withFolds(rows, new Set([0]))
    expect(opened.slice(0, from).map((item) => ('at' in item ? item.at : -1))).toEqual(
      Array.from({ length: from }, (_, at) => at),
    )
    // Equal texts: one fold; a run too short to fold is shown.
    expect(withFolds(sideBySide(lines.join('\n'), lines.join('\n')), new Set())).toEqual([
      { fold: { from: 0, count: 40 } },
    ])
    expect(withFolds(sideBySide('a\nb', 'a\nb'), new Set())).toHaveLength(2)
  })
})
