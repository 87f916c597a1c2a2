import { describe, expect, it } from 'vitest'
import { codeForValidationKey, ErrorCode } from '../errors'
import { firstViolation } from './core'
import {
  ACCESS_LIST_MAX,
  accessListsOverlap,
  ipAccessList,
  macAccessList,
  splitEntries,
  strategyAddRequest,
  strategyName,
  validityDays,
} from './portal'

const valid = { name: 'Guests', validity_days: 1 }

describe('strategy name', () => {
  it('is required, with the §8 "policy name empty" code', () => {
    expect(firstViolation(strategyName, '')).toBe('validation.strategy_name_empty')
    expect(codeForValidationKey('validation.strategy_name_empty')).toBe(ErrorCode.POLICY_NAME_EMPTY)
  })

  it('takes 1-25 letters, digits, Chinese, underscores and hyphens', () => {
    for (const name of ['a', 'Guest_24h-1', '访客', 'x'.repeat(25)]) {
      expect(firstViolation(strategyName, name)).toBeUndefined()
    }
    for (const name of ['x'.repeat(26), 'a b', 'a<b', "a'b"]) {
      expect(firstViolation(strategyName, name)).toBe('validation.strategy_name_tips')
    }
  })
})

describe('validity (§9: 1-7 days or permanent)', () => {
  it('takes 1 to 7 days and null for permanent', () => {
    for (const days of [null, 1, 7, '3']) expect(firstViolation(validityDays, days)).toBeUndefined()
  })

  it('refuses anything else', () => {
    for (const days of [0, 8, -1, 1.5, '', 'permanent', undefined]) {
      expect(firstViolation(validityDays, days)).toBe('validation.validity_tips')
    }
  })
})

describe('white and black lists (§5: IP and MAC rules, several separated by commas)', () => {
  it('splits on commas (the full-width one too) and trims', () => {
    expect(splitEntries(' 10.0.0.2 ,10.0.0.3，10.0.0.4')).toEqual(['10.0.0.2', '10.0.0.3', '10.0.0.4'])
    expect(splitEntries('  ')).toEqual([])
  })

  it('checks every IP entry by the IP rule', () => {
    expect(ipAccessList.parse('10.0.0.2,192.168.1.9')).toEqual(['10.0.0.2', '192.168.1.9'])
    expect(ipAccessList.parse('')).toEqual([])
    expect(firstViolation(ipAccessList, '10.0.0.2,10.0.0.0')).toBe('validation.ip_tips')
    expect(firstViolation(ipAccessList, '127.0.0.1')).toBe('validation.ip_reserved')
    expect(firstViolation(ipAccessList, '10.0.0.2,,10.0.0.3')).toBe('validation.access_list_empty_entry')
    expect(firstViolation(ipAccessList, '10.0.0.2,10.0.0.2')).toBe('validation.access_list_duplicate')
  })

  it('checks every MAC entry by the MAC rule and stores it in one form', () => {
    expect(macAccessList.parse('02-c1-01-74-8e-58, 02c1.0174.8e59')).toEqual([
      '02:C1:01:74:8E:58',
      '02:C1:01:74:8E:59',
    ])
    expect(firstViolation(macAccessList, '00:00:00:00:00:00')).toBe('validation.mac_not_0')
    expect(firstViolation(macAccessList, 'FF:FF:FF:FF:FF:FF')).toBe('validation.mac_not_f')
    expect(firstViolation(macAccessList, '01:00:5E:00:00:01')).toBe('validation.mac_broadcast_addr')
    expect(firstViolation(macAccessList, '02:C1:01:74:8E')).toBe('validation.mac_tips')
    // the same MAC written two ways is a duplicate
    expect(firstViolation(macAccessList, '02:c1:01:74:8e:58,02C101748E58')).toBe(
      'validation.access_list_duplicate',
    )
  })

  it(`holds at most ${ACCESS_LIST_MAX} entries`, () => {
    const addresses = (n: number) => Array.from({ length: n }, (_, i) => `10.0.${i >> 8}.${(i % 254) + 1}`)
    expect(firstViolation(ipAccessList, addresses(ACCESS_LIST_MAX).join(','))).toBeUndefined()
    expect(firstViolation(ipAccessList, addresses(ACCESS_LIST_MAX + 1).join(','))).toBe(
      'validation.access_list_length',
    )
  })

  it('never lets one address be both let in and kept out', () => {
    const result = strategyAddRequest.safeParse({
      ...valid,
      mac_whitelist: '02:C1:01:74:8E:58',
      mac_blacklist: '02c1.0174.8e58',
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({
      path: ['mac_blacklist'],
      message: 'validation.access_list_overlap',
    })
    expect(accessListsOverlap('02:C1:01:74:8E:58', '02c1.0174.8e58', 'mac')).toBe(true)
    expect(accessListsOverlap('10.0.0.2', '10.0.0.3', 'ip')).toBe(false)
    expect(
      strategyAddRequest.safeParse({ ...valid, ip_whitelist: '10.0.0.2', ip_blacklist: '10.0.0.2' }).error
        ?.issues[0]?.path,
    ).toEqual(['ip_blacklist'])
  })
})

describe('session, rate and quota', () => {
  it('default to no limit and refuse what is out of range', () => {
    expect(strategyAddRequest.parse(valid)).toMatchObject({
      session_minutes: 0,
      upload_kbps: 0,
      download_kbps: 0,
      upload_quota_mb: 0,
      download_quota_mb: 0,
      ip_whitelist: [],
      mac_blacklist: [],
    })
    const problem = (field: string, value: unknown) =>
      strategyAddRequest.safeParse({ ...valid, [field]: value }).error?.issues[0]?.message
    expect(problem('session_minutes', 1441)).toBe('validation.session_minutes_tips')
    expect(problem('upload_kbps', -1)).toBe('validation.rate_tips')
    expect(problem('download_kbps', 1_000_001)).toBe('validation.rate_tips')
    expect(problem('download_quota_mb', 1.5)).toBe('validation.quota_tips')
    expect(problem('session_minutes', 1440)).toBeUndefined()
  })
})
