import { describe, expect, it } from 'vitest'
import { decideBatch } from '../batch-rules'
import { codeForValidationKey, ErrorCode } from '../errors'
import { can, PRIMARY_GRANTS, permits } from '../permissions'
import { firstViolation } from './core'
import {
  parseUpgradeTime,
  timedUpgradeProblem,
  UPGRADE_MAX_DEVICES,
  upgradeCreateRequest,
  upgradeListRequest,
  upgradeRetryRequest,
} from './upgrades'

const HOUR = 3_600_000
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
const order = (extra: Record<string, unknown> = {}) => ({
  deviceIds: [1, 2],
  packageId: 7,
  timing: 'immediate',
  ...extra,
})
/** The §8 code the server answers for a request's first broken rule. */
const codeOf = (value: unknown) => {
  const key = firstViolation(upgradeCreateRequest, value)
  return key === undefined ? undefined : codeForValidationKey(key)
}

describe('timed upgrade time (§5, §9)', () => {
  it('reads ISO-8601 times with a zone, and nothing else', () => {
    expect(parseUpgradeTime('2030-02-28T23:59:59+08:00')?.toISOString()).toBe('2030-02-28T15:59:59.000Z')
    expect(parseUpgradeTime('2030-02-28T10:00Z')?.toISOString()).toBe('2030-02-28T10:00:00.000Z')
    for (const bad of [
      '2030-02-29T10:00:00Z',
      '2030-13-01T10:00:00Z',
      '2030-01-01T24:00:00Z',
      '2030-01-01T10:60:00Z',
      '2030-01-01 10:00:00',
      '2030-01-01T10:00:00',
      'tomorrow',
      '',
    ])
      expect(parseUpgradeTime(bad), bad).toBeUndefined()
    expect(parseUpgradeTime('2032-02-29T10:00:00-05:00')).toBeDefined()
  })

  it('is later than now and at most 8 hours ahead, each with its own message', () => {
    const now = new Date('2030-01-01T00:00:00Z')
    expect(timedUpgradeProblem('2030-01-01T00:00:01Z', now)).toBeUndefined()
    expect(timedUpgradeProblem('2030-01-01T08:00:00Z', now)).toBeUndefined()
    expect(timedUpgradeProblem('2030-01-01T00:00:00Z', now)).toBe('validation.upgrade_time_past')
    expect(timedUpgradeProblem('2029-12-31T23:00:00Z', now)).toBe('validation.upgrade_time_past')
    expect(timedUpgradeProblem('2030-01-01T08:00:01Z', now)).toBe('validation.upgrade_time_8h')
    expect(timedUpgradeProblem('2030-01-01 01:00', now)).toBe('validation.upgrade_time_format')
  })

  it('answers the §8 codes of the spec for the time rules and the device count', () => {
    expect(codeOf(order({ timing: 'timed', startAt: 'soon' }))).toBe(ErrorCode.TIME_FORMAT_ERROR)
    expect(codeOf(order({ timing: 'timed' }))).toBe(ErrorCode.TIME_FORMAT_ERROR)
    expect(codeOf(order({ timing: 'timed', startAt: iso(-60_000) }))).toBe(ErrorCode.TIME_NOT_LATER)
    expect(codeOf(order({ timing: 'timed', startAt: iso(9 * HOUR) }))).toBe(ErrorCode.TIMED_UPGRADE_TOO_FAR)
    expect(codeOf(order({ timing: 'timed', startAt: iso(HOUR) }))).toBeUndefined()
    const many = Array.from({ length: UPGRADE_MAX_DEVICES + 1 }, (_, i) => i + 1)
    expect(codeOf(order({ deviceIds: many }))).toBe(ErrorCode.UPGRADE_MAX_DEVICES)
    expect(codeOf(order({ deviceIds: many.slice(0, UPGRADE_MAX_DEVICES) }))).toBeUndefined()
  })
})

describe('upgrade order options', () => {
  it('takes devices or a project, never both or neither', () => {
    expect(codeOf(order())).toBeUndefined()
    expect(codeOf({ gid: 3, packageId: 7, timing: 'immediate' })).toBeUndefined()
    expect(firstViolation(upgradeCreateRequest, order({ gid: 3 }))).toBe('validation.upgrade_target_tips')
    expect(firstViolation(upgradeCreateRequest, { packageId: 7, timing: 'immediate' })).toBe(
      'validation.upgrade_target_tips',
    )
    expect(firstViolation(upgradeCreateRequest, order({ deviceIds: [] }))).toBe('validation.select_one')
    expect(firstViolation(upgradeCreateRequest, order({ startAt: iso(HOUR) }))).toBe(
      'validation.upgrade_timing_tips',
    )
  })

  it('bounds the canary, rate, concurrency and abort figures; percentages by the §5 rule', () => {
    const good = {
      canary: { percent: 12.5 },
      ratePerMinute: 60,
      concurrency: 100,
      abort: { failurePercent: '33.333', minFinished: 5 },
      waitOffline: true,
    }
    const parsed = upgradeCreateRequest.parse(order(good))
    expect(parsed.abort?.failurePercent).toBe(33.333)
    expect(parsed.canary?.percent).toBe(12.5)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ canary: { percent: 0 } }, 'validation.upgrade_canary_tips'],
      [{ canary: { percent: 100.0001 } }, 'validation.percentage_tips'],
      [{ canary: { percent: 101 } }, 'validation.percentage_tips'],
      [{ canary: { devices: 0 } }, 'validation.upgrade_canary_tips'],
      [{ canary: { devices: 2, percent: 10 } }, 'validation.upgrade_canary_tips'],
      [{ canary: {} }, 'validation.upgrade_canary_tips'],
      [{ ratePerMinute: 0 }, 'validation.upgrade_rate_tips'],
      [{ concurrency: 10_001 }, 'validation.upgrade_concurrency_tips'],
      [{ abort: { failurePercent: 12.3456, minFinished: 1 } }, 'validation.percentage_tips'],
      [{ abort: { failurePercent: -1, minFinished: 1 } }, 'validation.percentage_tips'],
      [{ abort: { failurePercent: 10, minFinished: 0 } }, 'validation.upgrade_min_finished_tips'],
      [{ waitOffline: 'yes' }, 'validation.upgrade_wait_offline_tips'],
      [{ windowEnd: 'later' }, 'validation.upgrade_time_format'],
      [{ windowEnd: iso(-HOUR) }, 'validation.period_order'],
      [{ timing: 'timed', startAt: iso(2 * HOUR), windowEnd: iso(HOUR) }, 'validation.period_order'],
    ]
    for (const [extra, key] of cases)
      expect(firstViolation(upgradeCreateRequest, order(extra)), JSON.stringify(extra)).toBe(key)
    expect(firstViolation(upgradeCreateRequest, order({ windowEnd: iso(HOUR) }))).toBeUndefined()
  })

  it('filters lists and retries with the shared rules', () => {
    expect(
      firstViolation(upgradeListRequest, { pageIndex: 1, pageOffset: 10, days: 3, result: 'failed' }),
    ).toBeUndefined()
    expect(
      firstViolation(upgradeListRequest, {
        pageIndex: 1,
        pageOffset: 10,
        start: '2007-12-31',
        end: '2008-01-02',
      }),
    ).toBe('validation.log_year_tips')
    expect(firstViolation(upgradeListRequest, { pageIndex: 1, pageOffset: 10, result: 'done' })).toBe(
      'validation.upgrade_result_tips',
    )
    expect(firstViolation(upgradeRetryRequest, { id: 1, deviceIds: [] })).toBe('validation.select_one')
  })
})

describe("the 'upgrade' batch rule (§5, §6)", () => {
  const allowed = (permission: Parameters<typeof permits>[1]) => permits(PRIMARY_GRANTS, permission)
  it('needs the upgrade function, one model, and online devices unless the order waits for them', () => {
    const online = { status: 'online', model: 1 }
    const offline = { status: 'offline', model: 1 }
    expect(decideBatch('upgrade', [online, online], allowed)).toEqual({ allowed: true })
    expect(decideBatch('upgrade', [online, offline], allowed)).toMatchObject({
      code: ErrorCode.DEVICE_OFFLINE,
    })
    expect(decideBatch('upgrade', [offline], allowed)).toMatchObject({ code: ErrorCode.DEVICE_OFFLINE })
    expect(decideBatch('upgrade', [online, offline], allowed, { waitOffline: true })).toEqual({
      allowed: true,
    })
    expect(decideBatch('upgrade', [online, { status: 'online', model: 2 }], allowed)).toMatchObject({
      code: ErrorCode.INVALID_PARAMETER,
      violation: { rule: 'validation.same_model' },
    })
    expect(decideBatch('upgrade', [online], () => false)).toMatchObject({ code: ErrorCode.NO_PERMISSION })
    const operator = { ...PRIMARY_GRANTS, level: 1, primary: false }
    expect(permits({ ...operator, level: 2 }, can.device('upgrade'))).toBe(true)
    expect(permits(operator, can.device('upgrade'))).toBe(false)
  })
})
