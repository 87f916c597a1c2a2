import { describe, expect, it } from 'vitest'
import { listRequestOf, withListRequest } from './list-params'

describe('the accounts tab’s URL', () => {
  it('starts on the first page of 10', () => {
    expect(listRequestOf(new URLSearchParams())).toEqual({ pageIndex: 1, pageOffset: 10 })
  })

  it('reads page, size, keyword and status', () => {
    expect(listRequestOf(new URLSearchParams('page=3&size=20&keyword=%20al%20&status=0'))).toEqual({
      pageIndex: 3,
      pageOffset: 20,
      keyword: 'al',
      status: 0,
    })
  })

  it('ignores what it cannot use', () => {
    expect(listRequestOf(new URLSearchParams('page=-1&size=7&status=2&keyword='))).toEqual({
      pageIndex: 1,
      pageOffset: 10,
    })
  })

  it('writes only what differs from the defaults, keeping the tab', () => {
    const params = new URLSearchParams('tab=roles&page=4&keyword=old')
    expect(withListRequest(params, { pageIndex: 1, pageOffset: 10 }).toString()).toBe('tab=roles')
    expect(
      withListRequest(params, { pageIndex: 2, pageOffset: 50, keyword: 'bo', status: 1 }).toString(),
    ).toBe('tab=roles&page=2&keyword=bo&size=50&status=1')
  })
})
