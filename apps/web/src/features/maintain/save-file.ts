import type { DownloadedFile } from '../../shared/api'

/** Hands a downloaded file to the browser's save, under the server's name or `fallback`. */
export function saveFile(file: DownloadedFile, fallback: string): void {
  const url = URL.createObjectURL(file.blob)
  const link = document.createElement('a')
  link.href = url
  link.download = file.filename ?? fallback
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
