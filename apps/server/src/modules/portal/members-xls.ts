import { ErrorCode } from '@canopy/shared/errors'
import { MEMBER_IMPORT_MAX_BYTES, MEMBER_IMPORT_MAX_ROWS } from '@canopy/shared/validation'
import { read, utils, write } from '@e965/xlsx'
import { AppError } from '../../http/app-error'

/** The columns of an import and of an export, by position (the header row's wording is not read). */
export const MEMBER_COLUMNS = ['account', 'password', 'info', 'enabled', 'created'] as const

/** An .xls (BIFF, 97-2003) workbook is an OLE compound file: it starts with these eight bytes. */
const COMPOUND_FILE_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex')

/** One data row of an import, as written in the sheet (its number counts the header as 1). */
export interface MemberSheetRow {
  row: number
  account: string
  password: string
  info: string
}

/**
 * The rows of a member import (§5: xls only). Only a compound-file workbook is read — an .xlsx, a
 * CSV or anything renamed is "file format error (xls only)" — and only its first sheet, only its
 * values (no formulas, styles or HTML), at most MEMBER_IMPORT_MAX_ROWS rows after the header: more
 * is "upload format error or too large", as is a file over MEMBER_IMPORT_MAX_BYTES. Rows come back
 * as arrays, so nothing in the file ever becomes an object key (no prototype pollution).
 */
export function readMemberSheet(file: Buffer): MemberSheetRow[] {
  if (file.length > MEMBER_IMPORT_MAX_BYTES) throw new AppError(ErrorCode.UPLOAD_FORMAT, { reason: 'size' })
  if (file.length < 512 || !file.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE))
    throw new AppError(ErrorCode.FILE_FORMAT_XLS)
  const cells = firstSheetCells(file)
  if (cells.length > MEMBER_IMPORT_MAX_ROWS + 1)
    throw new AppError(ErrorCode.UPLOAD_FORMAT, { reason: 'rows' })
  const rows: MemberSheetRow[] = []
  cells.forEach((cellsOfRow, index) => {
    if (index === 0) return
    const [account, password, info] = [0, 1, 2].map((column) => cellText(cellsOfRow?.[column]))
    // a blank line between rows is not a member, nor a refusal
    if (account === '' && password === '' && info === '') return
    rows.push({ row: index + 1, account: account ?? '', password: password ?? '', info: info ?? '' })
  })
  return rows
}

function firstSheetCells(file: Buffer): unknown[][] {
  let workbook: ReturnType<typeof read>
  try {
    workbook = read(file, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: false,
      cellDates: false,
      bookVBA: false,
      // one row past the limit tells "too many" without reading a hostile file's every row into cells
      sheetRows: MEMBER_IMPORT_MAX_ROWS + 2,
    })
  } catch {
    // an encrypted workbook, another compound file (a .doc), or a broken one: not an xls we read
    throw new AppError(ErrorCode.FILE_FORMAT_XLS)
  }
  // SheetJS names the type of what it read only when it is not BIFF (an .xlsx inside a compound file)
  if (workbook.bookType && workbook.bookType !== 'xls') throw new AppError(ErrorCode.FILE_FORMAT_XLS)
  const name = workbook.SheetNames[0]
  const sheet = name === undefined ? undefined : workbook.Sheets[name]
  if (!sheet) throw new AppError(ErrorCode.FILE_FORMAT_XLS)
  return utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true })
}

/** A cell as text: numbers (an account of digits) as written, booleans and dates refused as ''. */
function cellText(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}

export interface MemberExportRow {
  account: string
  info: string
  enabled: boolean
  createdAt: Date
}

/**
 * An .xls of the members: the import's columns (the password left empty: only hashes are kept), so
 * an export is also the template of an import. A text a spreadsheet would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe.
 */
export function writeMemberSheet(rows: MemberExportRow[]): Buffer {
  const cells: string[][] = [[...MEMBER_COLUMNS]]
  for (const row of rows) {
    cells.push([
      neutralised(row.account),
      '',
      neutralised(row.info),
      row.enabled ? 'yes' : 'no',
      row.createdAt.toISOString(),
    ])
  }
  const workbook = utils.book_new()
  utils.book_append_sheet(workbook, utils.aoa_to_sheet(cells), 'members')
  return write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer
}

export function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}
