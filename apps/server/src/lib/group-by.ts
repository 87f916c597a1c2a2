/** Items by key, each key's in their order; `partOf` keeps a part of each item (the item by default). */
export function groupBy<T, K, V = T>(
  items: Iterable<T>,
  keyOf: (item: T) => K,
  partOf: (item: T) => V = (item) => item as unknown as V,
): Map<K, V[]> {
  const groups = new Map<K, V[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(partOf(item))
    else groups.set(key, [partOf(item)])
  }
  return groups
}

/** The items in consecutive groups of `size` (the last may be smaller), in their order. */
export function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = []
  for (let from = 0; from < items.length; from += size) groups.push(items.slice(from, from + size))
  return groups
}
