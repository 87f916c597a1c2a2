import { randomBytes } from 'node:crypto'

/** How long the rest of an answer waits for the cloud to read it. */
const HELD_MS = 30_000

/** A chunk: base64 of at most the size the cloud asked for, and where the rest is, if any. */
export interface Chunk {
  body: string
  next?: string
}

/**
 * A web answer too large for one MQTT message goes back in chunks (docs/protocol.md, "Commands":
 * `http.request` with `chunkBytes`, then `http.next`), as a device's firmware would: the first
 * chunk answers the request, the rest is held a while under a cursor the cloud reads it with.
 */
export class ChunkedAnswers {
  private readonly held = new Map<string, { rest: Buffer; chunkBytes: number; expires: number }>()

  /** The first chunk of a body; without `chunkBytes` (an older cloud), the whole of it. */
  first(body: Buffer, chunkBytes: number | undefined): Chunk {
    return this.chunk(body, chunkBytes && chunkBytes > 0 ? chunkBytes : body.length)
  }

  /** The chunk after `cursor`; a cursor read once, expired or unknown is refused. */
  next(cursor: unknown): Chunk {
    const held = typeof cursor === 'string' ? this.held.get(cursor) : undefined
    if (!held || held.expires < Date.now())
      throw Object.assign(new Error('no such answer'), { code: 'not-found' })
    this.held.delete(cursor as string)
    return this.chunk(held.rest, held.chunkBytes)
  }

  private chunk(body: Buffer, chunkBytes: number): Chunk {
    const now = Date.now()
    for (const [cursor, held] of this.held) if (held.expires < now) this.held.delete(cursor)
    if (body.length <= chunkBytes) return { body: body.toString('base64') }
    const next = randomBytes(9).toString('base64url')
    this.held.set(next, { rest: body.subarray(chunkBytes), chunkBytes, expires: now + HELD_MS })
    return { body: body.subarray(0, chunkBytes).toString('base64'), next }
  }
}
