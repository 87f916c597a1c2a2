import { describe, expect, it } from 'vitest'
import { logFileName, logFileText } from './log-file'

describe('the downloaded log', () => {
  const at = new Date(2026, 0, 2, 3, 4, 5)

  it('is named after the device and when it was read', () => {
    expect(logFileName({ name: 'AP-Lobby', mac: '02:C1:01:00:00:01' }, at)).toBe(
      'AP-Lobby-log-20260102-030405.txt',
    )
    expect(logFileName({ name: null, mac: '02:C1:01:00:00:01' }, at)).toBe(
      '02-C1-01-00-00-01-log-20260102-030405.txt',
    )
    expect(logFileName({ name: '大厅', mac: '02:C1:01:00:00:01' }, at)).toBe('device-log-20260102-030405.txt')
  })

  it('holds a line per entry', () => {
    expect(logFileText(['a', 'b'])).toBe('a\nb\n')
    expect(logFileText([])).toBe('')
  })
})
