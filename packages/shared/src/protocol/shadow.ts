import { z } from 'zod'
import { storable } from './device-json'

/**
 * The AWS IoT Device Shadow document rules, verbatim where they matter to devices:
 * `desired` is written by the cloud, `reported` by the device, `delta` is what desired asks for
 * and reported does not show yet; a null value deletes a key; every update bumps `version`, and
 * an update naming another version is rejected (409). Documents are at most 8 KB.
 */

export type JsonObject = { [key: string]: JsonValue }
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject

export const SHADOW_MAX_BYTES = 8 * 1024
/** AWS limits a shadow's state to 6 levels of nesting. */
export const SHADOW_MAX_DEPTH = 6
/** A shadow's version is stored as a PostgreSQL int. */
const INT32_MAX = 2_147_483_647

const stateSection = z.record(z.string(), z.unknown()).nullable()

export const shadowUpdateRequest = storable(
  z.object({
    state: z.object({ desired: stateSection.optional(), reported: stateSection.optional() }),
    clientToken: z.string().max(64).optional(),
    version: z.number().int().min(0).max(INT32_MAX).optional(),
  }),
)
export type ShadowUpdateRequest = z.infer<typeof shadowUpdateRequest>

export const shadowGetRequest = storable(z.object({ clientToken: z.string().max(64).optional() }))

export interface ShadowState {
  desired: JsonObject
  reported: JsonObject
}

export interface ShadowRejection {
  code: number
  message: string
  timestamp: number
  clientToken?: string
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Applies an update section: objects merge key by key, null deletes, anything else replaces. */
export function mergeState(current: JsonObject, patch: JsonObject): JsonObject {
  const merged: JsonObject = { ...current }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else if (isJsonObject(value) && isJsonObject(merged[key])) {
      const inner = mergeState(merged[key] as JsonObject, value)
      if (Object.keys(inner).length === 0) delete merged[key]
      else merged[key] = inner
    } else if (isJsonObject(value)) {
      const inner = mergeState({}, value)
      if (Object.keys(inner).length > 0) merged[key] = inner
    } else merged[key] = value
  }
  return merged
}

/** What desired asks for that reported does not show (objects compared key by key, arrays whole). */
export function computeDelta(desired: JsonObject, reported: JsonObject): JsonObject {
  const delta: JsonObject = {}
  for (const [key, wanted] of Object.entries(desired)) {
    const actual = reported[key]
    if (isJsonObject(wanted) && isJsonObject(actual)) {
      const inner = computeDelta(wanted, actual)
      if (Object.keys(inner).length > 0) delta[key] = inner
    } else if (!jsonEqual(wanted, actual)) delta[key] = wanted
  }
  return delta
}

/** Per-leaf metadata of an update section: when each value was last written (epoch seconds). */
export function metadataOf(section: JsonObject, timestamp: number): JsonObject {
  const metadata: JsonObject = {}
  for (const [key, value] of Object.entries(section)) {
    metadata[key] = isJsonObject(value) ? metadataOf(value, timestamp) : { timestamp }
  }
  return metadata
}

export function depthOf(value: unknown): number {
  if (!isJsonObject(value)) return 0
  return 1 + Math.max(0, ...Object.values(value).map(depthOf))
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  return keysA.every((key) => jsonEqual((a as JsonObject)[key], (b as JsonObject)[key]))
}
