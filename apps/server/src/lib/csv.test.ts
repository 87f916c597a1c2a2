import { describe, expect, it } from 'vitest'
import { csvDocument, csvField, csvFile } from './csv'

describe('csv', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('cr\rlf')).toBe('"cr\rlf"')
    expect(csvField(null)).toBe('')
    expect(csvField(12)).toBe('12')
  })
  it('keeps a spreadsheet from running text as a formula', () => {
    expect(csvField('=1+2')).toBe("'=1+2")
    expect(csvField('+33 6')).toBe("'+33 6")
    expect(csvField('-2')).toBe("'-2")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"')
    expect(csvField(-2)).toBe('-2')
  })
  it('starts with a UTF-8 byte-order mark and ends each line with CRLF', () => {
    const document = csvDocument(
      ['时间', 'cuenta'],
      [
        ['2024-01-01', '管理员'],
        ['x', null],
      ],
    )
    expect(document).toBe('\uFEFF时间,cuenta\r\n2024-01-01,管理员\r\nx,\r\n')
    expect(Buffer.from(document, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
  })
  it('answers a download named by its log and the day', () => {
    const file = csvFile('upgrade-log', ['mac'], [['AA:BB']])
    expect(file.filename).toMatch(/^upgrade-log-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(file.contentType).toBe('text/csv; charset=utf-8')
    expect(file.body).toBe(csvDocument(['mac'], [['AA:BB']]))
  })
})
