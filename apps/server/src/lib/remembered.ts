/** values remembered by default; the oldest is forgotten first */
const REMEMBERED = 1000

/**
 * Values that never change once they exist, read once: `of(key)` loads what it does not hold
 * yet, and remembers only what was found (a key not found yet may exist later).
 */
export class Remembered<Key, Value> {
  private readonly known = new Map<Key, Value>()

  constructor(
    private readonly load: (key: Key) => Promise<Value | undefined>,
    private readonly max = REMEMBERED,
  ) {}

  async of(key: Key): Promise<Value | undefined> {
    if (this.known.has(key)) return this.known.get(key)
    const value = await this.load(key)
    if (value === undefined) return undefined
    if (this.known.size >= this.max) this.known.delete(this.known.keys().next().value as Key)
    this.known.set(key, value)
    return value
  }
}
