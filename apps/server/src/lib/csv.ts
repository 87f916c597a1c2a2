import { FileReply } from '../http/file-reply'

/**
 * CSV as Excel and every spreadsheet read it (RFC 4180): fields quoted when they hold a comma, a
 * quote or a line break, quotes doubled, lines ended by CRLF, and a UTF-8 byte-order mark first so
 * Excel reads zh-cn and es text as UTF-8 instead of the system's code page.
 */

const BOM = '\uFEFF'

/** Rows in one export at most, the newest (a log of a year stays a file a spreadsheet opens). */
export const EXPORT_ROWS_MAX = 10_000

/**
 * One field. Text a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe: an export holds what devices and users typed (OWASP "CSV
 * injection").
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A whole document: the header line, then a line per row. */
export function csvDocument(
  header: readonly string[],
  rows: Iterable<readonly (string | number | null | undefined)[]>,
): string {
  const lines = [header.map(csvField).join(',')]
  for (const row of rows) lines.push(row.map(csvField).join(','))
  return `${BOM}${lines.join('\r\n')}\r\n`
}

/** A CSV download named `<name>-<YYYY-MM-DD>.csv` (today, UTC): the log exports' answer. */
export function csvFile(
  name: string,
  header: readonly string[],
  rows: Iterable<readonly (string | number | null | undefined)[]>,
): FileReply {
  const day = new Date().toISOString().slice(0, 10)
  return new FileReply(csvDocument(header, rows), 'text/csv; charset=utf-8', `${name}-${day}.csv`)
}
