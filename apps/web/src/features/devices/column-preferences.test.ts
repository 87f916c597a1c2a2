import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  columnsStorageKey,
  DEFAULT_DEVICE_COLUMNS,
  readDeviceColumns,
  saveDeviceColumns,
} from './column-preferences'

beforeEach(() => {
  window.localStorage.clear()
})

describe('the device list’s remembered columns', () => {
  it('shows the defaults to a user who chose none', () => {
    expect(readDeviceColumns(window.localStorage, 7)).toEqual(DEFAULT_DEVICE_COLUMNS)
  })

  it('keeps each account’s choice apart, in the list’s order', () => {
    saveDeviceColumns(window.localStorage, 7, ['project', 'name', 'firmware'])
    expect(readDeviceColumns(window.localStorage, 7)).toEqual(['name', 'firmware', 'project'])
    expect(readDeviceColumns(window.localStorage, 8)).toEqual(DEFAULT_DEVICE_COLUMNS)
  })

  it('drops what it does not know, and falls back to the defaults when nothing is left', () => {
    window.localStorage.setItem(columnsStorageKey(7), JSON.stringify(['name', 'gone', 42]))
    expect(readDeviceColumns(window.localStorage, 7)).toEqual(['name'])
    window.localStorage.setItem(columnsStorageKey(7), JSON.stringify({ name: true }))
    expect(readDeviceColumns(window.localStorage, 7)).toEqual(DEFAULT_DEVICE_COLUMNS)
  })

  it('says so, and shows the defaults, when the stored text is not JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    window.localStorage.setItem(columnsStorageKey(7), '[name')
    expect(readDeviceColumns(window.localStorage, 7)).toEqual(DEFAULT_DEVICE_COLUMNS)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })

  it('says so when the storage refuses the choice', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    } as unknown as Storage
    saveDeviceColumns(full, 7, ['name'])
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
})
