import { computeDelta, isJsonObject, type JsonObject } from '@canopy/shared/protocol'
import { reportedSecretHash } from '@canopy/shared/protocol/credential'

/** Settings keys that hold secrets; a device reports `<key>Hash` (sha256 hex) in their place. */
const SECRET = 'password'
const HASH = 'passwordHash'

/** The section with its secrets removed: what may be logged, shown or kept for a revert. */
export function withoutSecrets(section: JsonObject): JsonObject {
  const clean: JsonObject = {}
  for (const [key, value] of Object.entries(section)) {
    if (key === SECRET || key === HASH) continue
    clean[key] = isJsonObject(value)
      ? withoutSecrets(value)
      : Array.isArray(value)
        ? value.map((item) => (isJsonObject(item) ? withoutSecrets(item) : item))
        : value
  }
  return clean
}

/**
 * What desired asks that reported does not show yet, where a secret counts as shown when the
 * device reports its hash.
 */
export function pendingDelta(desired: JsonObject, reported: JsonObject): JsonObject {
  return computeDelta(asReported(desired), reported)
}

/** A patch that deletes the secrets of desired (null), once the device has applied them. */
export function secretScrub(desired: JsonObject): JsonObject | undefined {
  const patch: JsonObject = {}
  for (const [key, value] of Object.entries(desired)) {
    if (key === SECRET) patch[key] = null
    else if (isJsonObject(value)) {
      const inner = secretScrub(value)
      if (inner) patch[key] = inner
    }
  }
  return Object.keys(patch).length > 0 ? patch : undefined
}

/** A section as a device reports it once applied: each secret as the hash the device reports. */
export function asReported(section: JsonObject): JsonObject {
  const hashed: JsonObject = {}
  for (const [key, value] of Object.entries(section)) {
    if (key === SECRET && typeof value === 'string') hashed[HASH] = reportedSecretHash(value)
    else
      hashed[key] = isJsonObject(value)
        ? asReported(value)
        : Array.isArray(value)
          ? value.map((item) => (isJsonObject(item) ? asReported(item) : item))
          : value
  }
  return hashed
}
