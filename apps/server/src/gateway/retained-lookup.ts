import { Readable } from 'node:stream'
import memoryPersistence, { type Packet } from 'aedes-persistence'

const WILDCARD = /^[+#]$/

/** Retained messages by topic level: `a/b/c` is root → a → b → c. */
interface Level {
  children: Map<string, Level>
  packet?: Packet
}

/**
 * Aedes' in-memory persistence, with retained messages found through a tree of topic levels.
 * Out of the box each subscription tests every retained topic against its pattern: with 10,000
 * devices each holding a retained status, a fleet reconnecting made 300 million tests and
 * stalled the server for minutes. A device's subscriptions name its own thing (even those with
 * a wildcard, such as `$aws/things/{thing}/jobs/+/update/accepted`), so walking the tree visits
 * only the levels under it. Patterns that start with a wildcard (the cloud's, once a connection)
 * go to Aedes' own search, as before.
 */
export function persistenceWithRetainedLookup() {
  const persistence = memoryPersistence()
  const root: Level = { children: new Map() }
  const storeRetained = persistence.storeRetained.bind(persistence)
  const search = persistence.createRetainedStreamCombi.bind(persistence)
  // Aedes 1.x calls it without a callback and awaits the promise it returns.
  persistence.storeRetained = (packet, done) => {
    // Aedes retains publish packets only; an empty payload clears the topic (MQTT 3.1.1 §3.3.1.3).
    if (packet.cmd === 'publish') {
      if (packet.payload.length === 0) forget(root, packet.topic.split('/'), 0)
      else levelOf(root, packet.topic).packet = { ...packet }
    }
    return storeRetained(packet, done)
  }
  persistence.createRetainedStreamCombi = (patterns) => {
    if (patterns.some((pattern) => WILDCARD.test(pattern.split('/', 1)[0]!))) return search(patterns)
    // One message once, however many of the patterns match it.
    const found = new Set<Packet>()
    for (const pattern of patterns) collect(root, pattern.split('/'), 0, found)
    return Readable.from([...found])
  }
  return persistence
}

function levelOf(root: Level, topic: string): Level {
  let level = root
  for (const name of topic.split('/')) {
    let child = level.children.get(name)
    if (!child) {
      child = { children: new Map() }
      level.children.set(name, child)
    }
    level = child
  }
  return level
}

/** Clears a topic's message; levels left with nothing under them go too. */
function forget(level: Level, names: string[], at: number): void {
  if (at === names.length) {
    delete level.packet
    return
  }
  const child = level.children.get(names[at]!)
  if (!child) return
  forget(child, names, at + 1)
  if (!child.packet && child.children.size === 0) level.children.delete(names[at]!)
}

/** The messages under `level` matching the pattern's levels from `at` on (MQTT 3.1.1 §4.7). */
function collect(level: Level, names: string[], at: number, found: Set<Packet>): void {
  if (at === names.length) {
    if (level.packet) found.add(level.packet)
    return
  }
  const name = names[at]!
  if (name === '#') {
    // `a/#` matches `a` itself and everything under it.
    everything(level, found)
  } else if (name === '+') {
    for (const child of level.children.values()) collect(child, names, at + 1, found)
  } else {
    const child = level.children.get(name)
    if (child) collect(child, names, at + 1, found)
  }
}

function everything(level: Level, found: Set<Packet>): void {
  if (level.packet) found.add(level.packet)
  for (const child of level.children.values()) everything(child, found)
}
