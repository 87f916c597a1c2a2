import { createHash } from 'node:crypto'
import {
  CONFIG_MAX_BYTES,
  CONFIG_MAX_DEPTH,
  isJsonObject,
  isSecretKey,
  type JsonObject,
  jsonDepth,
  MASKED_SECRET,
  maskSecrets,
  mergeState,
  splitSecrets,
  unstorableIn,
} from '@canopy/shared/protocol'
import type { SecretBox } from '../../db/secrets'
import type { BackupRow } from './backups.repository'

/** Why an uploaded configuration is refused (counted; the device hears 400). */
export type UploadProblem = 'too-large' | 'not-json' | 'not-an-object' | 'too-deep' | 'unstorable'

/** Reads a device's upload: one JSON object, bounded in size and depth, storable. */
export function readUpload(body: Buffer): { config: JsonObject; sha256: string } | UploadProblem {
  if (body.length > CONFIG_MAX_BYTES) return 'too-large'
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    return 'not-json'
  }
  if (!isJsonObject(parsed)) return 'not-an-object'
  if (jsonDepth(parsed) > CONFIG_MAX_DEPTH) return 'too-deep'
  if (unstorableIn(parsed, CONFIG_MAX_DEPTH + 1)) return 'unstorable'
  return { config: parsed, sha256: createHash('sha256').update(body).digest('hex') }
}

/** What a backup row keeps of a configuration: the plain part, and the secrets sealed. */
export function sealConfig(config: JsonObject, box: SecretBox): { config: JsonObject; secrets: Buffer } {
  const { plain, secrets } = splitSecrets(config)
  return { config: plain, secrets: box.seal(JSON.stringify(secrets)) }
}

/** The whole configuration again, secrets in clear: only for the device a restore goes to, and for comparing. */
export function openConfig(backup: Pick<BackupRow, 'config' | 'secrets'>, box: SecretBox): JsonObject {
  return mergeState(backup.config as JsonObject, JSON.parse(box.unseal(backup.secrets)) as JsonObject)
}

/** The bytes a restore sends, with their length and sha256 (the job document names both). */
export function restoreBody(backup: Pick<BackupRow, 'config' | 'secrets'>, box: SecretBox) {
  const body = Buffer.from(JSON.stringify(openConfig(backup, box)))
  return { body, size: body.length, sha256: createHash('sha256').update(body).digest('hex') }
}

/**
 * A configuration as people see it: secrets masked, and the hashes devices report in a secret's
 * place (`passwordHash`) shown as that secret, masked.
 */
export function shownConfig(config: JsonObject): JsonObject {
  const shown: JsonObject = {}
  for (const [key, value] of Object.entries(config)) {
    if (key.endsWith('Hash') && isSecretKey(key.slice(0, -4))) shown[key.slice(0, -4)] = MASKED_SECRET
    else shown[key] = isJsonObject(value) ? shownConfig(value) : value
  }
  return maskSecrets(shown)
}
