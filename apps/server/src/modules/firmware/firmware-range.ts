/** The bytes a request asks for: the whole image, one range, or a range the image cannot satisfy. */
export type ByteRange =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' }

/**
 * Reads a Range header (RFC 9110 §14) for an image of `size` bytes. One range is served as 206;
 * several, or a header that is not a byte range, are ignored and the whole image is sent, as
 * the RFC allows. `If-Range` with another validator than the image's ETag sends it whole too
 * (the device's partial copy is of another image).
 */
export function requestedRange(
  header: string | undefined,
  size: number,
  ifRange: string | undefined,
  etag: string,
): ByteRange {
  if (header === undefined || (ifRange !== undefined && ifRange !== etag)) return { kind: 'whole' }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' }
  const [, first, last] = match as unknown as [string, string, string]
  if (first === '') {
    // bytes=-N: the last N bytes.
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' }
  if (end < start) return { kind: 'whole' }
  return { kind: 'part', start, end }
}
