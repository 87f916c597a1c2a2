import { describe, expect, it } from 'vitest'
import { deviceListRequestOf, isFiltered, withDeviceListRequest } from './list-params'

describe('the device list’s URL', () => {
  it('starts on the first page of 10 (§7, §9)', () => {
    expect(deviceListRequestOf(new URLSearchParams())).toEqual({ pageIndex: 1, pageOffset: 10 })
  })

  it('reads every filter, the sort and the page', () => {
    const params = new URLSearchParams(
      'gid=3&status=online&type=ap&model=CAP-1200&firmware=1.4.2&keyword=lobby&sort=uptime&order=asc&page=2&size=20',
    )
    expect(deviceListRequestOf(params)).toEqual({
      pageIndex: 2,
      pageOffset: 20,
      gid: 3,
      status: 'online',
      type: 'ap',
      model: 'CAP-1200',
      firmware: '1.4.2',
      keyword: 'lobby',
      sort: 'uptime',
      order: 'asc',
    })
  })

  it('reads, writes and counts the template filter (a template id)', () => {
    const request = deviceListRequestOf(new URLSearchParams('tpl=7'))
    expect(request).toEqual({ pageIndex: 1, pageOffset: 10, tpl: 7 })
    expect(withDeviceListRequest(request).toString()).toBe('tpl=7')
    expect(isFiltered(request)).toBe(true)
    expect(deviceListRequestOf(new URLSearchParams('tpl=x'))).toEqual({ pageIndex: 1, pageOffset: 10 })
  })

  it('leaves out what the server would refuse', () => {
    const params = new URLSearchParams(
      'gid=x&status=sleeping&type=toaster&sort=cpu&page=-1&size=7&keyword=%20',
    )
    expect(deviceListRequestOf(params)).toEqual({ pageIndex: 1, pageOffset: 10 })
  })

  it('sorts descending unless asked otherwise', () => {
    expect(deviceListRequestOf(new URLSearchParams('sort=name'))).toMatchObject({
      sort: 'name',
      order: 'desc',
    })
  })

  it('writes what it reads, without the defaults', () => {
    const query = 'gid=3&status=offline&type=router4g&keyword=AB%3ACD&sort=clients&order=asc&page=4'
    const request = deviceListRequestOf(new URLSearchParams(query))
    expect(withDeviceListRequest(request).toString()).toBe(query)
    expect(withDeviceListRequest({ pageIndex: 1, pageOffset: 10 }).toString()).toBe('')
  })

  it('knows when filters narrow the list', () => {
    expect(isFiltered({ pageIndex: 3, pageOffset: 10, sort: 'name', order: 'asc' })).toBe(false)
    expect(isFiltered({ pageIndex: 1, pageOffset: 10, status: 'offline' })).toBe(true)
  })
})
