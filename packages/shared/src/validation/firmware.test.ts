import { describe, expect, it } from 'vitest'
import { firstViolation } from './core'
import { firmwareListRequest, firmwareUploadFields, firmwareVersion, hasFirmwareExtension } from './firmware'

describe('firmware rules', () => {
  it.each(['2.1.0', 'v1.4-rc1', 'V1_2+build.7', '1'])('takes the version %s', (version) => {
    expect(firstViolation(firmwareVersion, version)).toBeUndefined()
  })

  it.each(['', '.1', '1 2', '1/2', '版本', 'a'.repeat(65)])('refuses the version %j', (version) => {
    expect(firstViolation(firmwareVersion, version)).toMatch(/^validation\.firmware_version_tips$/)
  })

  it('takes an upload with neither field (the image header names them), and refuses an empty model', () => {
    expect(firstViolation(firmwareUploadFields, {})).toBeUndefined()
    expect(firstViolation(firmwareUploadFields, { model: '' })).toBe('validation.firmware_model_tips')
    expect(firstViolation(firmwareUploadFields, { model: 'm'.repeat(65) })).toBe(
      'validation.firmware_model_tips',
    )
  })

  it('knows the header-less extensions whatever their case, and nothing else', () => {
    expect(['a.bin', 'B.IMG', 'x.y.trx'].map(hasFirmwareExtension)).toEqual([true, true, true])
    expect(['a.zip', 'bin', 'a.bin.exe', 'a.'].map(hasFirmwareExtension)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })

  it('pages the list from 1, at most 100 a page', () => {
    expect(firmwareListRequest.parse({})).toEqual({ pageIndex: 1, pageOffset: 10 })
    expect(firstViolation(firmwareListRequest, { pageOffset: 101 })).toBe('validation.page_tips')
  })
})
