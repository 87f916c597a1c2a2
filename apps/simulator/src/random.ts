/** A small seeded generator (mulberry32): a fleet started with the same seed behaves the same. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function between(random: () => number, [low, high]: readonly [number, number]): number {
  return low + random() * (high - low)
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!
}

/** One of `items`, each drawn with the share `weight` gives it (the shares add up to 1). */
export function weighted<T>(random: () => number, items: readonly T[], weight: (item: T) => number): T {
  let roll = random()
  for (const item of items) {
    roll -= weight(item)
    if (roll < 0) return item
  }
  return items[items.length - 1]!
}

/** A value that wanders within bounds, as CPU load does. */
export function wander(
  random: () => number,
  value: number,
  [low, high]: readonly [number, number],
  step: number,
): number {
  return Math.min(high, Math.max(low, value + (random() - 0.5) * 2 * step))
}
