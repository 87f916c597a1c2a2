/** §9: a chunk (a page, a language) that has not arrived after 120 s is reported as a time-out. */
export const CHUNK_TIMEOUT_MS = 120_000

export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkTimeoutError'
}

export function withTimeout<T>(promise: Promise<T>, ms: number = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError(`chunk load exceeded ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** The catalogue key that says why a chunk did not arrive. */
export function chunkFailureKey(error: unknown): string {
  return error instanceof ChunkTimeoutError ? 'errors.chunkTimeout' : 'errors.network'
}
