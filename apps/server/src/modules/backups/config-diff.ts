import { isJsonObject, isSecretKey, type JsonObject, type JsonValue } from '@canopy/shared/protocol'

/** One difference between two configurations, by its dotted path; a secret's values never shown. */
export interface ConfigChange {
  path: string
  kind: 'added' | 'removed' | 'changed'
  /** a secret: only that it changed is told */
  secret: boolean
}

/** Every leaf of a configuration by its dotted path (arrays are leaves: a list is one setting). */
export function leaves(config: JsonObject, prefix = ''): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>()
  for (const [key, value] of Object.entries(config)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (isJsonObject(value)) for (const [inner, leaf] of leaves(value, path)) out.set(inner, leaf)
    else out.set(path, value)
  }
  return out
}

/**
 * The differences from `before` to `after`, in path order. Both are whole configurations with
 * their secrets in clear (the comparison needs them); the answer holds paths only.
 */
export function diffConfigs(before: JsonObject, after: JsonObject): ConfigChange[] {
  const a = leaves(before)
  const b = leaves(after)
  const changes: ConfigChange[] = []
  for (const path of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const secret = isSecretKey(path.slice(path.lastIndexOf('.') + 1))
    if (!a.has(path)) changes.push({ path, kind: 'added', secret })
    else if (!b.has(path)) changes.push({ path, kind: 'removed', secret })
    else if (JSON.stringify(a.get(path)) !== JSON.stringify(b.get(path)))
      changes.push({ path, kind: 'changed', secret })
  }
  return changes
}
