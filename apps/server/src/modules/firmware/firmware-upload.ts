import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { FIRMWARE_HEADER_MAX_BYTES } from '@canopy/shared/protocol'
import { FIRMWARE_CHUNK_BYTES } from './firmware.repository'

/** An uploaded image as it arrived: its bytes in storage-sized chunks, hashed on the way. */
export interface ReceivedImage {
  filename: string
  size: number
  /** lower-case hex */
  sha256: string
  /** FIRMWARE_CHUNK_BYTES each but the last */
  chunks: Buffer[]
  /** the first bytes, enough to read a Canopy image header */
  head: Buffer
}

/** The upload went over the size limit (the stream was cut there). */
export class ImageTooLarge extends Error {}

/**
 * Reads an uploaded file's stream once: sha256 and size computed as it streams, the bytes cut
 * into the chunks the database stores. The whole image is held until it is stored in one
 * transaction (at most the configured limit per upload: uploads are rare and admin-only, and a
 * transaction held open while a slow client sends would hold a database connection instead).
 */
export async function receiveImage(
  filename: string,
  stream: Readable,
  maxBytes: number,
): Promise<ReceivedImage> {
  const hash = createHash('sha256')
  const chunks: Buffer[] = []
  let pending: Buffer[] = []
  let pendingBytes = 0
  let size = 0
  for await (const piece of stream as AsyncIterable<Buffer>) {
    size += piece.length
    if (size > maxBytes) throw new ImageTooLarge(`over ${maxBytes} bytes`)
    hash.update(piece)
    let rest = piece
    while (rest.length > 0) {
      const take = Math.min(rest.length, FIRMWARE_CHUNK_BYTES - pendingBytes)
      pending.push(rest.subarray(0, take))
      pendingBytes += take
      rest = rest.subarray(take)
      if (pendingBytes === FIRMWARE_CHUNK_BYTES) {
        chunks.push(Buffer.concat(pending, pendingBytes))
        pending = []
        pendingBytes = 0
      }
    }
  }
  // @fastify/multipart marks a file cut at its fileSize limit instead of throwing when so configured.
  if ((stream as Readable & { truncated?: boolean }).truncated)
    throw new ImageTooLarge(`over ${maxBytes} bytes`)
  if (pendingBytes > 0) chunks.push(Buffer.concat(pending, pendingBytes))
  const first = chunks[0] ?? Buffer.alloc(0)
  return {
    filename,
    size,
    sha256: hash.digest('hex'),
    chunks,
    head: first.subarray(0, Math.min(first.length, FIRMWARE_HEADER_MAX_BYTES)),
  }
}
