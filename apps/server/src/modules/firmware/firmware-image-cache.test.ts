import { describe, expect, it } from 'vitest'
import { FirmwareImageCache } from './firmware-image-cache'

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill)

describe('FirmwareImageCache', () => {
  it('reads a chunk once however many ask for it at the same time', async () => {
    const cache = new FirmwareImageCache(1000)
    let reads = 0
    const load = async () => {
      reads++
      await new Promise((resolve) => setTimeout(resolve, 5))
      return bytes(100)
    }
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.chunk(1, 0, load)))
    expect(reads).toBe(1)
    expect(answers.every((answer) => answer.length === 100)).toBe(true)
    await cache.chunk(1, 0, load)
    expect(reads).toBe(1)
    expect(cache.counters).toMatchObject({ misses: 1, hits: 50 })
  })

  it('keeps within its byte budget, dropping the least recently used first', async () => {
    const cache = new FirmwareImageCache(250)
    await cache.chunk(1, 0, async () => bytes(100))
    await cache.chunk(1, 1, async () => bytes(100))
    await cache.chunk(1, 0, async () => bytes(100, 9)) // a hit: chunk 0 is now the most recent
    await cache.chunk(2, 0, async () => bytes(100))
    expect(cache.size).toEqual({ entries: 2, bytes: 200 })
    let reloaded = false
    await cache.chunk(1, 1, async () => {
      reloaded = true
      return bytes(100)
    })
    expect(reloaded).toBe(true)
    expect((await cache.chunk(1, 0, async () => bytes(100, 9)))[0]).toBe(9)
  })

  it('does not keep a failed read, nor a chunk larger than the whole budget', async () => {
    const cache = new FirmwareImageCache(50)
    await expect(cache.chunk(1, 0, async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    )
    expect((await cache.chunk(1, 0, async () => bytes(10))).length).toBe(10)
    await cache.chunk(1, 1, async () => bytes(100))
    expect(cache.size).toEqual({ entries: 1, bytes: 10 })
    cache.forget(1)
    expect(cache.size).toEqual({ entries: 0, bytes: 0 })
  })
})
