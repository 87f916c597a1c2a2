import { describe, expect, it } from 'vitest'
import { upgradeJobDocument, upgradeProgressDetails } from './upgrade-job'

const firmware = {
  model: 'CAP-1200',
  version: '2.1.0',
  url: 'http://127.0.0.1:8080/api/device/firmware/12?thing=cnp-02c101000001&exp=1&sig=ab',
  size: 1_048_576,
  sha256: 'a'.repeat(64),
}

describe('the upgrade job document', () => {
  it('takes the operation and the firmware to fetch', () => {
    expect(upgradeJobDocument.parse({ operation: 'upgrade', firmware })).toEqual({
      operation: 'upgrade',
      firmware,
    })
  })

  it.each([
    ['another operation', { operation: 'echo', firmware }],
    ['no firmware', { operation: 'upgrade' }],
    [
      'a URL that is not HTTP',
      { operation: 'upgrade', firmware: { ...firmware, url: 'file:///etc/passwd' } },
    ],
    ['a relative URL', { operation: 'upgrade', firmware: { ...firmware, url: '/api/device/firmware/1' } }],
    ['an upper-case sha256', { operation: 'upgrade', firmware: { ...firmware, sha256: 'A'.repeat(64) } }],
    ['a short sha256', { operation: 'upgrade', firmware: { ...firmware, sha256: 'a'.repeat(63) } }],
    ['a size of 0', { operation: 'upgrade', firmware: { ...firmware, size: 0 } }],
    ['a fractional size', { operation: 'upgrade', firmware: { ...firmware, size: 1.5 } }],
    ['an empty version', { operation: 'upgrade', firmware: { ...firmware, version: '' } }],
  ])('refuses %s', (_, document) => {
    expect(upgradeJobDocument.safeParse(document).success).toBe(false)
  })
})

describe('upgrade statusDetails', () => {
  it('are strings, with progress only while downloading', () => {
    expect(upgradeProgressDetails('downloading', 2, 40)).toEqual({
      phase: 'downloading',
      attempt: '2',
      progress: '40',
    })
    expect(upgradeProgressDetails('flashing', 1)).toEqual({ phase: 'flashing', attempt: '1' })
  })
})
