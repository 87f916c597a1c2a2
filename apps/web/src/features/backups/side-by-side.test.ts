import { describe, expect, it } from 'vitest'
import { sideBySide } from './side-by-side'

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
})
