import { describe, expect, it } from 'vitest'
import { pageWindow } from './paging'

describe('pageWindow', () => {
  it('reads the first page from the first row and a later page after the ones before it', () => {
    expect(pageWindow({ pageIndex: 1, pageOffset: 20 })).toEqual({ limit: 20, offset: 0 })
    expect(pageWindow({ pageIndex: 3, pageOffset: 10 })).toEqual({ limit: 10, offset: 20 })
  })
})
