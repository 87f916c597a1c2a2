import { describe, expect, it } from 'vitest'
import { requestedRange } from './firmware-range'

const ETAG = '"abc"'
const range = (header: string | undefined, size = 1000, ifRange?: string) =>
  requestedRange(header, size, ifRange, ETAG)

describe('requestedRange', () => {
  it('reads one byte range: closed, open-ended, suffix, and an end past the image clamped', () => {
    expect(range('bytes=0-99')).toEqual({ kind: 'part', start: 0, end: 99 })
    expect(range('bytes=900-')).toEqual({ kind: 'part', start: 900, end: 999 })
    expect(range('bytes=-10')).toEqual({ kind: 'part', start: 990, end: 999 })
    expect(range('bytes=-5000')).toEqual({ kind: 'part', start: 0, end: 999 })
    expect(range('bytes=990-5000')).toEqual({ kind: 'part', start: 990, end: 999 })
  })

  it('answers 416 for a start at or past the end, and an empty suffix', () => {
    expect(range('bytes=1000-')).toEqual({ kind: 'unsatisfiable' })
    expect(range('bytes=99999999999999999999-')).toEqual({ kind: 'unsatisfiable' })
    expect(range('bytes=-0')).toEqual({ kind: 'unsatisfiable' })
  })

  it('sends the whole image for no range, several ranges, another unit, nonsense, or another image’s If-Range', () => {
    for (const header of [undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=5-3', 'bytes=a-b']) {
      expect(range(header)).toEqual({ kind: 'whole' })
    }
    expect(range('bytes=10-', 1000, '"other"')).toEqual({ kind: 'whole' })
    expect(range('bytes=10-', 1000, ETAG)).toEqual({ kind: 'part', start: 10, end: 999 })
  })
})
