import { isJsonObject, type JsonObject } from '@canopy/shared/protocol'
import {
  radioSettings,
  systemSettings,
  type TemplateSettings,
  templateSettings,
  vapSettings,
} from '@canopy/shared/validation'
import type { z } from 'zod'
import { withoutSecrets } from '../settings/secrets'

/**
 * What a template holds, beside its rules (packages/shared/src/validation/templates.ts): its
 * secrets (WiFi passwords) kept apart like the device settings keep them (settings/secrets.ts),
 * and a template made from what a device reports.
 */

/** The WiFi entries that may carry a password: the radios and the virtual APs. */
function wifiEntries(settings: JsonObject): Array<[string, JsonObject]> {
  const wifi = settings.wifi
  if (!isJsonObject(wifi)) return []
  const entries: Array<[string, JsonObject]> = []
  for (const band of ['2g', '5g'])
    if (isJsonObject(wifi[band])) entries.push([band, wifi[band] as JsonObject])
  const vaps = wifi.vaps
  if (isJsonObject(vaps))
    for (const slot of ['1', '2', '3'])
      if (isJsonObject(vaps[slot])) entries.push([`vap${slot}`, vaps[slot] as JsonObject])
  return entries
}

/**
 * An edit's settings with the passwords it left out taken from the template as it was, where the
 * entry keeps its encryption (the console never sees a password, so it cannot send it back).
 */
export function keepSecrets(next: JsonObject, previous: JsonObject): JsonObject {
  const merged = structuredClone(next)
  const before = new Map(wifiEntries(previous))
  for (const [key, entry] of wifiEntries(merged)) {
    const old = before.get(key)
    if (entry.password !== undefined || !old || typeof old.password !== 'string') continue
    if (old.encryption === entry.encryption) entry.password = old.password
  }
  return merged
}

/** The template as the console sees it: without its secrets. */
export const shownSettings = (settings: JsonObject): JsonObject => withoutSecrets(settings)

/** Whether a WiFi entry keeps a password in the template (the console shows "set", never the value). */
export function passwordsKept(settings: JsonObject): string[] {
  return wifiEntries(settings)
    .filter(([, entry]) => typeof entry.password === 'string')
    .map(([key]) => key)
}

/**
 * A template from a device's current configuration: the sections it reports, each entry kept
 * only if it passes the same rules a template's would (a device is untrusted: a malformed entry
 * is left out, never stored). Secrets are not reported (only their hashes), so a template made
 * from a device keeps each network's current password on the devices it reaches.
 */
export function fromReported(reported: JsonObject): TemplateSettings | undefined {
  const settings: JsonObject = {}
  const system = keepValid(systemSettings, withoutSecrets(objectAt(reported.system)))
  if (system && Object.keys(system).length > 0) settings.system = system
  const wifi = objectAt(reported.wifi)
  const taken: JsonObject = {}
  for (const band of ['2g', '5g']) {
    const radio = keepValid(radioSettings, withoutSecrets(objectAt(wifi[band])))
    if (radio) taken[band] = radio
  }
  const vaps: JsonObject = {}
  for (const slot of ['1', '2', '3']) {
    const vap = keepValid(vapSettings, withoutSecrets(objectAt(objectAt(wifi.vaps)[slot])))
    if (vap) vaps[slot] = vap
  }
  if (Object.keys(vaps).length > 0) taken.vaps = vaps
  if (Object.keys(taken).length > 0) settings.wifi = taken
  const parsed = templateSettings.safeParse(settings)
  return parsed.success ? parsed.data : undefined
}

const objectAt = (value: unknown): JsonObject => (isJsonObject(value) ? value : {})

function keepValid(schema: z.ZodType, value: JsonObject): JsonObject | undefined {
  if (Object.keys(value).length === 0) return undefined
  const parsed = schema.safeParse(value)
  return parsed.success ? (parsed.data as JsonObject) : undefined
}
