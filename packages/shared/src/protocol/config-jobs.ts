import { z } from 'zod'
import { isJsonObject, type JsonObject, type JsonValue } from './shadow'

/**
 * Configuration backup and restore as jobs (docs/protocol.md, "Configuration backup and
 * restore"): the documents the cloud queues, and what a configuration is. A device's running
 * configuration is one JSON object of the detail tabs' sections (system, network, wifi,
 * repeater…) plus its `firmware`, with its secrets (`password` and the like) in clear: the cloud
 * stores them encrypted and never shows them.
 */

export const BACKUP_OPERATION = 'config-backup'
export const RESTORE_OPERATION = 'config-restore'

/** The largest configuration a device may upload (a real one is 2-20 KB). */
export const CONFIG_MAX_BYTES = 256 * 1024
/** How deep a configuration may nest (AWS's shadow allows 6; a configuration a little more). */
export const CONFIG_MAX_DEPTH = 8

/** `statusDetails.reason` of a FAILED or REJECTED backup or restore, as the device reports it. */
export const CONFIG_JOB_REASONS = [
  'upload_failed',
  'download_failed',
  'checksum_mismatch',
  'model_mismatch',
  'refused',
  'apply_failed',
] as const

const SHA256_HEX = /^[0-9a-f]{64}$/
const httpUrl = z
  .string()
  .max(2048)
  .refine((url) => /^https?:\/\//.test(url) && URL.canParse(url), 'url is an http or https URL')

/** `config-backup`: PUT the running configuration (JSON) to `upload.url` before it expires. */
export const backupJobDocument = z.object({
  operation: z.literal(BACKUP_OPERATION),
  upload: z.object({
    url: httpUrl,
    method: z.literal('PUT'),
    maxBytes: z.number().int().positive().max(CONFIG_MAX_BYTES),
  }),
})
export type BackupJobDocument = z.infer<typeof backupJobDocument>

/** `config-restore`: GET the configuration at `config.url`, check it, apply it whole. */
export const restoreJobDocument = z.object({
  operation: z.literal(RESTORE_OPERATION),
  config: z.object({
    url: httpUrl,
    model: z.string().min(1).max(64),
    size: z.number().int().positive().max(CONFIG_MAX_BYTES),
    sha256: z.string().regex(SHA256_HEX, 'sha256 is 64 lower-case hex digits'),
  }),
})
export type RestoreJobDocument = z.infer<typeof restoreJobDocument>

/** Whether a configuration key holds a secret (a WiFi key, an admin or PPPoE password…). */
export function isSecretKey(key: string): boolean {
  return key === 'password' || /(?:Password|Secret|Psk|Key)$/.test(key)
}

/** What a secret shows as wherever a configuration is shown: never its value. */
export const MASKED_SECRET = '********'

/** The configuration with each secret replaced by {@link MASKED_SECRET}. */
export function maskSecrets(config: JsonObject): JsonObject {
  return mapLeaves(config, (key, value) => (isSecretKey(key) ? MASKED_SECRET : value))
}

/** Splits a configuration into its secrets (same paths, values in clear) and the rest. */
export function splitSecrets(config: JsonObject): { plain: JsonObject; secrets: JsonObject } {
  const plain: JsonObject = {}
  const secrets: JsonObject = {}
  for (const [key, value] of Object.entries(config)) {
    if (isSecretKey(key) && !isJsonObject(value)) secrets[key] = value
    else if (isJsonObject(value)) {
      const inner = splitSecrets(value)
      plain[key] = inner.plain
      if (Object.keys(inner.secrets).length > 0) secrets[key] = inner.secrets
    } else plain[key] = value
  }
  return { plain, secrets }
}

/** How deep a JSON value nests (a scalar is 0). */
export function jsonDepth(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(jsonDepth))
  if (isJsonObject(value)) return 1 + Math.max(0, ...Object.values(value).map(jsonDepth))
  return 0
}

function mapLeaves(config: JsonObject, leaf: (key: string, value: JsonValue) => JsonValue): JsonObject {
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(config)) {
    out[key] = isJsonObject(value) ? mapLeaves(value, leaf) : leaf(key, value)
  }
  return out
}
