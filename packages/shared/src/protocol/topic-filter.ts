/** Whether an MQTT topic matches a subscription filter (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  return levelsMatch(filterLevels(filter), topic.split('/'))
}

/**
 * A subscription filter's levels, its `$share/{group}/` taken off: split once, for a filter that
 * is matched against many topics (`levelsMatch`).
 */
export function filterLevels(filter: string): string[] {
  const levels = filter.split('/')
  return levels[0] === '$share' ? levels.slice(2) : levels
}

/** Whether a topic's levels match a filter's levels (`filterLevels`). */
export function levelsMatch(filter: readonly string[], topic: readonly string[]): boolean {
  for (let i = 0; i < filter.length; i++) {
    const level = filter[i]
    if (level === '#') return true
    if (i >= topic.length) return false
    if (level !== '+' && level !== topic[i]) return false
  }
  return filter.length === topic.length
}
