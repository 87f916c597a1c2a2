import { createHash, type Hash } from 'node:crypto'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { FIRMWARE_HEADER_MAX_BYTES } from '@canopy/shared/protocol'

/** A download that broke off (network, HTTP status, short body): another attempt may resume it. */
export class DownloadBroken extends Error {}

/** A download that cannot succeed however often it is tried (the server sends more than announced). */
export class DownloadRefused extends Error {}

export interface FetchOptions {
  signal: AbortSignal
  /** hears the bytes received so far after each chunk (awaited: a slow listener slows the download) */
  onBytes?: (received: number) => Promise<void> | void
  /** chaos: the connection breaks once this many bytes of the image have arrived */
  breakAt?: number
  /** chaos: one byte arrives flipped */
  corrupt?: boolean
}

/**
 * A GET's response, once its head has arrived. Node's own HTTP client, not `fetch`: ten thousand
 * devices' images through fetch's web streams cost the fleet more CPU than hashing them, CPU the
 * bench server shares.
 */
function get(url: string, options: { signal: AbortSignal; headers: Record<string, string> }) {
  const client = url.startsWith('https:') ? httpsRequest : httpRequest
  return new Promise<IncomingMessage>((resolve, reject) => {
    client(url, options, resolve).on('error', reject).end()
  })
}

/**
 * A firmware image fetched over HTTP as a device with little memory does: hashed as it streams
 * (sha256), only the first bytes kept (for the header), and resumed after a break with a `Range`
 * request (`If-Range` with the ETag, so a changed file starts over rather than mixing two).
 */
export class ImageDownload {
  received = 0
  private hash: Hash = createHash('sha256')
  private head: Buffer[] = []
  private headBytes = 0
  private etag: string | undefined
  private corrupted = false

  constructor(
    readonly url: string,
    readonly size: number,
  ) {}

  get complete(): boolean {
    return this.received === this.size
  }

  /** The image's first bytes, enough for its header. */
  header(): Buffer {
    return Buffer.concat(this.head)
  }

  /** The sha256 of what arrived, lower-case hex (once complete: hashing ends the download). */
  digest(): string {
    return this.hash.digest('hex')
  }

  /** Fetches what is missing; throws DownloadBroken when it breaks off before the end. */
  async fetchRest(options: FetchOptions): Promise<void> {
    const { signal } = options
    const resuming = this.received > 0
    let response: IncomingMessage
    try {
      response = await get(this.url, {
        signal,
        headers: resuming
          ? { range: `bytes=${this.received}-`, ...(this.etag ? { 'if-range': this.etag } : {}) }
          : {},
      })
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason
      throw new DownloadBroken(`could not reach the server: ${causeOf(error)}`)
    }
    const contentRange = response.headers['content-range']
    if (resuming && response.statusCode === 206) {
      const start = /^bytes (\d+)-/.exec(contentRange ?? '')?.[1]
      if (Number(start) !== this.received) {
        response.destroy()
        throw new DownloadBroken(`asked from byte ${this.received}, got ${contentRange}`)
      }
    } else if (response.statusCode === 200) {
      // A whole file: from the start again (a server without Range, or the file changed).
      if (resuming) this.restart()
    } else {
      response.destroy()
      throw new DownloadBroken(`HTTP ${response.statusCode}`)
    }
    this.etag = response.headers.etag ?? this.etag
    try {
      for await (const piece of response as AsyncIterable<Buffer>) {
        let chunk = piece
        if (options.breakAt !== undefined && this.received + chunk.length >= options.breakAt) {
          chunk = chunk.subarray(0, Math.max(0, options.breakAt - this.received))
          this.take(chunk, options.corrupt)
          // Leaving the loop destroys the response: the connection is gone.
          throw new DownloadBroken(`connection lost after ${this.received} bytes`)
        }
        if (this.received + chunk.length > this.size) {
          throw new DownloadRefused(`the server sent more than the ${this.size} bytes announced`)
        }
        this.take(chunk, options.corrupt)
        await options.onBytes?.(this.received)
      }
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason
      if (error instanceof DownloadBroken || error instanceof DownloadRefused) throw error
      throw new DownloadBroken(`connection lost after ${this.received} bytes: ${causeOf(error)}`)
    }
    if (!this.complete)
      throw new DownloadBroken(`the body ended after ${this.received} of ${this.size} bytes`)
  }

  private take(chunk: Buffer, corrupt = false): void {
    if (chunk.length === 0) return
    if (corrupt && !this.corrupted) {
      // A bit flipped on the way: the last byte of the first chunk that arrives.
      chunk = Buffer.from(chunk)
      const last = chunk.length - 1
      chunk[last] = chunk[last]! ^ 0x01
      this.corrupted = true
    }
    if (this.headBytes < FIRMWARE_HEADER_MAX_BYTES) {
      const kept = chunk.subarray(0, FIRMWARE_HEADER_MAX_BYTES - this.headBytes)
      this.head.push(Buffer.from(kept))
      this.headBytes += kept.length
    }
    this.hash.update(chunk)
    this.received += chunk.length
  }

  private restart(): void {
    this.received = 0
    this.hash = createHash('sha256')
    this.head = []
    this.headBytes = 0
    this.corrupted = false
  }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause
  return cause?.message ?? (error as Error).message
}
