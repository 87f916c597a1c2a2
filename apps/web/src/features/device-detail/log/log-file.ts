/** The downloaded log's file name: the device and when it was read, safe on every file system. */
export function logFileName(device: { name: string | null; mac: string }, readAt: Date): string {
  const who = (device.name || device.mac).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'device'
  const pad = (value: number) => String(value).padStart(2, '0')
  const when = `${readAt.getFullYear()}${pad(readAt.getMonth() + 1)}${pad(readAt.getDate())}-${pad(readAt.getHours())}${pad(readAt.getMinutes())}${pad(readAt.getSeconds())}`
  return `${who}-log-${when}.txt`
}

/** The log as a text file: one line each, ending with a newline. */
export function logFileText(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`
}

/** Saves text as a file through the browser's download. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}
