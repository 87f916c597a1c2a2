import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withTimeout } from '../shared/chunk-timeout'
import { lazyPage } from './lazy-page'

function Page() {
  return null
}

afterEach(() => {
  vi.useRealTimers()
})

describe('lazyPage', () => {
  it('resolves with the picked component', async () => {
    const route = await lazyPage(
      async () => ({ Page }),
      (m) => m.Page,
    )()
    expect(route.Component).toBe(Page)
  })

  it('gives up after 120 s with a ChunkTimeoutError', async () => {
    vi.useFakeTimers()
    const never = new Promise<never>(() => {})
    const result = withTimeout(never, CHUNK_TIMEOUT_MS)
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1)
    const outcome = Promise.race([
      result.then(
        () => 'resolved',
        (e) => e,
      ),
      Promise.resolve('pending'),
    ])
    await expect(outcome).resolves.toBe('pending')
    vi.advanceTimersByTime(1)
    await expect(result).rejects.toBeInstanceOf(ChunkTimeoutError)
    expect(CHUNK_TIMEOUT_MS).toBe(120_000)
  })
})
