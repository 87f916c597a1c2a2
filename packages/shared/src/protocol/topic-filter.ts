/** Whether an MQTT topic matches a subscription filter (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const wanted = filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter
  const filterLevels = wanted.split('/')
  const topicLevels = topic.split('/')
  for (let i = 0; i < filterLevels.length; i++) {
    const level = filterLevels[i]
    if (level === '#') return true
    if (i >= topicLevels.length) return false
    if (level !== '+' && level !== topicLevels[i]) return false
  }
  return filterLevels.length === topicLevels.length
}
