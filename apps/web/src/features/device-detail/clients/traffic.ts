const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** Bytes in the largest unit that keeps the number at or above 1 (1024 steps), e.g. "1.5 MB". */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—'
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const shown = unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10
  return `${shown} ${UNITS[unit]}`
}
