import { ErrorCode } from '@canopy/shared/errors'
import { MEMBER_IMPORT_MAX_BYTES, MEMBER_IMPORT_MAX_ROWS } from '@canopy/shared/validation'
import { utils, write } from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../http/app-error'
import { readMemberSheet, writeMemberSheet } from './members-xls'

function workbook(rows: unknown[][], bookType: 'biff8' | 'xlsx' | 'csv' = 'biff8', sheetName = 'members') {
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), sheetName)
  return write(book, { type: 'buffer', bookType }) as Buffer
}

function refusal(file: Buffer): number | undefined {
  try {
    readMemberSheet(file)
  } catch (error) {
    if (error instanceof AppError) return error.codes[0]
    throw error
  }
  return undefined
}

const header = ['account', 'password', 'info']

describe('reading a member import (.xls only)', () => {
  it('reads the rows after the header, numbers as written, blank lines skipped', () => {
    const rows = readMemberSheet(
      workbook([header, ['alice', 'abc123', 'room 1'], [], ['bob99', 123456, ''], [' carol ', 'pw1234x']]),
    )
    expect(rows).toEqual([
      { row: 2, account: 'alice', password: 'abc123', info: 'room 1' },
      { row: 4, account: 'bob99', password: '123456', info: '' },
      { row: 5, account: 'carol', password: 'pw1234x', info: '' },
    ])
  })

  it('refuses what is no .xls: an .xlsx, a CSV, a renamed text, an empty or broken file', () => {
    expect(refusal(workbook([header, ['alice', 'abc123']], 'xlsx'))).toBe(ErrorCode.FILE_FORMAT_XLS)
    expect(refusal(workbook([header, ['alice', 'abc123']], 'csv'))).toBe(ErrorCode.FILE_FORMAT_XLS)
    expect(refusal(Buffer.from('account,password\nalice,abc123\n'))).toBe(ErrorCode.FILE_FORMAT_XLS)
    expect(refusal(Buffer.alloc(0))).toBe(ErrorCode.FILE_FORMAT_XLS)
    const good = workbook([header, ['alice', 'abc123']])
    // the compound file's signature, then garbage: read, refused, never a crash
    const broken = Buffer.concat([good.subarray(0, 8), Buffer.alloc(4096, 0xab)])
    expect(refusal(broken)).toBe(ErrorCode.FILE_FORMAT_XLS)
    const truncated = good.subarray(0, Math.floor(good.length / 2))
    expect(refusal(truncated)).toBe(ErrorCode.FILE_FORMAT_XLS)
  })

  it('refuses a file over the size limit before parsing it', () => {
    const huge = Buffer.concat([workbook([header]), Buffer.alloc(MEMBER_IMPORT_MAX_BYTES)])
    expect(refusal(huge)).toBe(ErrorCode.UPLOAD_FORMAT)
  })

  it('refuses more rows than an import takes, in bounded time and memory', () => {
    const many: unknown[][] = [header]
    for (let i = 0; i < MEMBER_IMPORT_MAX_ROWS * 5; i++) many.push([`u${i}`, 'abc123'])
    const file = workbook(many)
    expect(file.length).toBeLessThanOrEqual(MEMBER_IMPORT_MAX_BYTES)
    const heapBefore = process.memoryUsage().heapUsed
    const started = Date.now()
    expect(refusal(file)).toBe(ErrorCode.UPLOAD_FORMAT)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024)
    // exactly the limit is read
    expect(readMemberSheet(workbook(many.slice(0, MEMBER_IMPORT_MAX_ROWS + 1)))).toHaveLength(
      MEMBER_IMPORT_MAX_ROWS,
    )
  })

  it('refuses a 100,000-row workbook (over the size limit) without reading it', () => {
    const rows: unknown[][] = [header]
    for (let i = 0; i < 100_000; i++) rows.push([i])
    const file = workbook(rows)
    const started = Date.now()
    expect(refusal(file)).toBe(ErrorCode.UPLOAD_FORMAT)
    expect(Date.now() - started).toBeLessThan(100)
  }, 60_000)

  it('never turns cell text into object keys: prototype-pollution names stay values', () => {
    const rows = readMemberSheet(
      workbook(
        [
          ['__proto__', 'constructor', 'prototype'],
          ['__proto__', 'polluted', '{"polluted":true}'],
          ['constructor', 'prototype', 'x'],
        ],
        'biff8',
        '__proto__',
      ),
    )
    expect(rows.map((row) => row.account)).toEqual(['__proto__', 'constructor'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype)
  })

  it('reads a formula cell as its text, never evaluating it', () => {
    const [row] = readMemberSheet(workbook([header, ['alice', 'abc123', '=HYPERLINK("http://x","y")']]))
    expect(row?.info).toBe('=HYPERLINK("http://x","y")')
  })
})

describe('writing the member export', () => {
  it('writes an .xls the import reads back, formula-like texts neutralised', () => {
    const file = writeMemberSheet([
      {
        account: 'alice',
        info: '=cmd|"/c calc"!A1',
        enabled: true,
        createdAt: new Date('2026-01-02T03:04:05Z'),
      },
      { account: 'bob99', info: '+1-555', enabled: false, createdAt: new Date('2026-01-02T03:04:05Z') },
      { account: 'carol', info: '@SUM(A1)', enabled: true, createdAt: new Date('2026-01-02T03:04:05Z') },
      { account: 'dave1', info: '-2+3', enabled: true, createdAt: new Date('2026-01-02T03:04:05Z') },
      { account: 'erin1', info: 'plain', enabled: true, createdAt: new Date('2026-01-02T03:04:05Z') },
    ])
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0')
    const rows = readMemberSheet(file)
    expect(rows.map((row) => row.info)).toEqual([
      `'=cmd|"/c calc"!A1`,
      "'+1-555",
      "'@SUM(A1)",
      "'-2+3",
      'plain',
    ])
    expect(rows.every((row) => row.password === '')).toBe(true)
  })
})
