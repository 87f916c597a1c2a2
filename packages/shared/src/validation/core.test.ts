import { describe, expect, it } from 'vitest'
import { isStorableText, unstorableIn } from '../protocol/device-json'
import {
  firstViolation,
  INT32_MAX,
  idOf,
  integer,
  requiredText,
  specByteLength,
  text,
  UNSTORABLE_TEXT_KEY,
} from './core'
import { id, idList, page } from './organisation'

describe('specByteLength (§5: characters above code 255 count as 3)', () => {
  it('counts ASCII and Latin-1 as one byte each', () => {
    expect(specByteLength('abc')).toBe(3)
    expect(specByteLength('ñÿ')).toBe(2)
  })
  it('counts anything above 255 as three', () => {
    expect(specByteLength('无线')).toBe(6)
    expect(specByteLength('Ā')).toBe(3)
    expect(specByteLength('😀')).toBe(3)
  })
})

describe('storable text', () => {
  it('refuses a NUL and an unpaired surrogate, wherever they sit', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\ud83d', 'a\ud800b', '\udc00\ud800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false)
    }
  })
  it('takes any other text, surrogate pairs (emoji) and control characters included', () => {
    for (const good of ['', 'abc', '无线', '😀', 'a😀b', '\u0001\t\n', '\uffff']) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true)
    }
  })
  it('is the rule of every text schema', () => {
    expect(firstViolation(text(), 'a\u0000')).toBe(UNSTORABLE_TEXT_KEY)
    expect(firstViolation(requiredText('validation.x_empty'), '\ud800')).toBe(UNSTORABLE_TEXT_KEY)
    expect(firstViolation(requiredText('validation.x_empty'), '')).toBe('validation.x_empty')
  })
  it("is the server input parser's rule for values and keys at any depth", () => {
    expect(unstorableIn({ a: [1, 'ok', { b: 'x\u0000' }] })).toBe('text')
    expect(unstorableIn({ a: { 'k\ud800': 1 } })).toBe('text')
    expect(unstorableIn({ a: ['ok', 7, null, true], b: { c: '😀' } })).toBeUndefined()
  })
})

describe('whole numbers and ids', () => {
  const day = integer(1, 168, 'validation.hours_tips')
  it('takes a JSON number or a decimal text within bounds', () => {
    expect(day.parse(24)).toBe(24)
    expect(day.parse('24')).toBe(24)
    expect(integer(-95, -65, 'k').parse('-70')).toBe(-70)
  })
  it('reads nothing else as a number', () => {
    for (const bad of [
      true,
      false,
      [7],
      ['7'],
      { 7: 7 },
      null,
      '',
      ' 7',
      '7 ',
      '07',
      '+7',
      '0x7',
      '7.0',
      '1e1',
      7.5,
      'NaN',
      'Infinity',
    ]) {
      expect(day.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
  it('gives every broken rule the one key', () => {
    for (const bad of [0, 169, 'x', true, 1.5]) expect(firstViolation(day, bad)).toBe('validation.hours_tips')
  })
  it('bounds an id to a positive 32-bit integer (the database column)', () => {
    expect(id.parse(INT32_MAX)).toBe(INT32_MAX)
    expect(id.parse(String(INT32_MAX))).toBe(INT32_MAX)
    for (const bad of [0, -1, INT32_MAX + 1, '2147483648', 2 ** 53, '9007199254740993', true, [7]]) {
      expect(firstViolation(id, bad), JSON.stringify(bad)).toBe('validation.id_tips')
    }
    expect(firstViolation(idOf('validation.project_error_in_empty'), true)).toBe(
      'validation.project_error_in_empty',
    )
  })
  it('bounds lists of ids and page numbers', () => {
    expect(idList.safeParse(Array.from({ length: 10_001 }, (_, index) => index + 1)).success).toBe(false)
    expect(page.pageIndex.parse(undefined)).toBe(1)
    expect(page.pageIndex.safeParse(INT32_MAX).success).toBe(false)
    expect(page.pageOffset.safeParse('101').success).toBe(false)
  })
})
