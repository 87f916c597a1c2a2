import { groupedWrites } from './grouped-writes'

/**
 * Writes items in arrival order, one `writeRound` a round, where a round holds each key at most
 * once: a statement that writes several rows for one key applies only one of them, so a key's
 * second item waits for the next round, after its first. Results come back in the items' order.
 */
export async function inRounds<Item, Result>(
  items: readonly Item[],
  keyOf: (item: Item) => string | number,
  writeRound: (round: Item[]) => Promise<Result[]>,
): Promise<Result[]> {
  const results: Result[] = []
  let left = items.map((item, index) => ({ item, index }))
  while (left.length > 0) {
    const round = new Map<string | number, (typeof left)[number]>()
    const later: typeof left = []
    for (const entry of left) {
      const key = keyOf(entry.item)
      if (round.has(key)) later.push(entry)
      else round.set(key, entry)
    }
    const entries = [...round.values()]
    const written = await writeRound(entries.map((entry) => entry.item))
    for (const [position, entry] of entries.entries()) results[entry.index] = written[position]!
    left = later
  }
  return results
}

/**
 * Grouped writes (`groupedWrites`: what arrives together goes in one statement) where a group
 * holds several items of one key: written in rounds, each key once a round, in arrival order.
 */
export function groupedWritesByKey<Item, Result>(
  keyOf: (item: Item) => string | number,
  writeRound: (round: Item[]) => Promise<Result[]>,
  options: { max: number },
): (item: Item) => Promise<Result> {
  return groupedWrites((items: Item[]) => inRounds(items, keyOf, writeRound), options)
}
