/**
 * Image chunks kept in memory, least recently used out first, within a byte budget: 10,000
 * devices fetching one image read it from the database once. Concurrent misses of one chunk
 * share one read. Entries are immutable (a package's bytes never change; a deleted package's id
 * is never reused), so instances need no invalidation between them.
 */
export class FirmwareImageCache {
  private readonly entries = new Map<string, Buffer>()
  private readonly loading = new Map<string, Promise<Buffer>>()
  private bytes = 0
  readonly counters = { hits: 0, misses: 0, evictions: 0 }

  constructor(private readonly maxBytes: number) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes }
  }

  async chunk(packageId: number, seq: number, load: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${packageId}:${seq}`
    const cached = this.entries.get(key)
    if (cached) {
      this.counters.hits++
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.entries.delete(key)
      this.entries.set(key, cached)
      return cached
    }
    const pending = this.loading.get(key)
    if (pending) {
      this.counters.hits++
      return pending
    }
    this.counters.misses++
    const loaded = load().then(
      (data) => {
        this.loading.delete(key)
        this.remember(key, data)
        return data
      },
      (error: unknown) => {
        this.loading.delete(key)
        throw error
      },
    )
    this.loading.set(key, loaded)
    return loaded
  }

  /** Drops a deleted package's chunks (this instance's; others age them out). */
  forget(packageId: number): void {
    for (const [key, data] of this.entries) {
      if (key.startsWith(`${packageId}:`)) {
        this.entries.delete(key)
        this.bytes -= data.length
      }
    }
  }

  private remember(key: string, data: Buffer): void {
    if (data.length > this.maxBytes) return
    this.entries.set(key, data)
    this.bytes += data.length
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= old.length
      this.counters.evictions++
    }
  }
}
