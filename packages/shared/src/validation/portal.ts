import { z } from 'zod'
import { firstViolation, integer, requiredText, text } from './core'
import { mac } from './devices'
import { normaliseMac } from './mac'
import { ipProblem } from './network'
import { id, page } from './organisation'

// Portal authentication for guest WiFi (§3 "Authentication strategy", §5 "Other", §9).

/** A strategy's name: 1-25 letters, digits, Chinese characters, underscores or hyphens. */
export const STRATEGY_NAME_PATTERN = /^[A-Za-z0-9_\-\u4e00-\u9fa5]{1,25}$/
/** §9: authentication validity is 1-7 days, or permanent (null). */
export const VALIDITY_DAYS_MAX = 7
/** The longest one gateway session lasts before the gateway asks the cloud again (a day). */
export const SESSION_MINUTES_MAX = 1440
/** Rates in kbit/s and quotas in MB; 0 means no limit. */
export const RATE_KBPS_MAX = 1_000_000
export const QUOTA_MB_MAX = 1_048_576
/** How many entries one white or black list holds. */
export const ACCESS_LIST_MAX = 100

export const strategyName = requiredText('validation.strategy_name_empty').regex(STRATEGY_NAME_PATTERN, {
  error: 'validation.strategy_name_tips',
})

/** 1-7 days, or null for permanent (§9). */
export const validityDays = z.union([z.null(), integer(1, VALIDITY_DAYS_MAX, 'validation.validity_tips')], {
  error: 'validation.validity_tips',
})

/**
 * The entries of a list written "several separated by commas" (§5): each trimmed; the Chinese
 * full-width comma counts as a comma. An empty text is an empty list.
 */
export function splitEntries(value: string): string[] {
  if (value.trim() === '') return []
  return value.split(/[,，]/).map((entry) => entry.trim())
}

/** Each entry by its rule, no empty entry, no entry twice, at most ACCESS_LIST_MAX of them. */
function listProblem(entries: string[], entryProblem: (entry: string) => string | undefined) {
  if (entries.length > ACCESS_LIST_MAX) return 'validation.access_list_length'
  if (entries.some((entry) => entry === '')) return 'validation.access_list_empty_entry'
  for (const entry of entries) {
    const problem = entryProblem(entry)
    if (problem) return problem
  }
  return new Set(entries).size === entries.length ? undefined : 'validation.access_list_duplicate'
}

/** The IP rule of §5 for each entry; the text becomes the list. */
export function ipListProblem(value: string): string | undefined {
  return listProblem(splitEntries(value), (entry) => ipProblem(entry))
}
/** The MAC rule of §5 for each entry (any written form; compared as stored). */
export function macListProblem(value: string): string | undefined {
  return listProblem(splitEntries(value).map(normaliseMac), (entry) => firstViolation(mac, entry))
}

function accessList(problem: (value: string) => string | undefined, normalise: (entry: string) => string) {
  return text('validation.access_list_tips')
    .default('')
    .superRefine((value, context) => {
      const found = problem(value)
      if (found) context.addIssue({ code: 'custom', message: found })
    })
    .transform((value) => splitEntries(value).map(normalise))
}

export const ipAccessList = accessList(ipListProblem, (entry) => entry)
export const macAccessList = accessList(macListProblem, normaliseMac)

const strategyFields = {
  name: strategyName,
  validity_days: validityDays,
  session_minutes: integer(0, SESSION_MINUTES_MAX, 'validation.session_minutes_tips').default(0),
  upload_kbps: integer(0, RATE_KBPS_MAX, 'validation.rate_tips').default(0),
  download_kbps: integer(0, RATE_KBPS_MAX, 'validation.rate_tips').default(0),
  upload_quota_mb: integer(0, QUOTA_MB_MAX, 'validation.quota_tips').default(0),
  download_quota_mb: integer(0, QUOTA_MB_MAX, 'validation.quota_tips').default(0),
  ip_whitelist: ipAccessList,
  ip_blacklist: ipAccessList,
  mac_whitelist: macAccessList,
  mac_blacklist: macAccessList,
}

/** An address cannot be both always let in and never let in. */
function refuseOverlap(
  value: { ip_whitelist: unknown; ip_blacklist: unknown; mac_whitelist: unknown; mac_blacklist: unknown },
  context: z.RefinementCtx,
) {
  // Zod still runs this when a list broke its own rule (and so is still the text): skip those.
  const overlap = (white: unknown, black: unknown) =>
    Array.isArray(white) && Array.isArray(black) && black.some((entry) => white.includes(entry))
  if (overlap(value.ip_whitelist, value.ip_blacklist))
    context.addIssue({ code: 'custom', path: ['ip_blacklist'], message: 'validation.access_list_overlap' })
  if (overlap(value.mac_whitelist, value.mac_blacklist))
    context.addIssue({ code: 'custom', path: ['mac_blacklist'], message: 'validation.access_list_overlap' })
}

/** Whether a white list and a black list written in a form share an entry (the form's check). */
export function accessListsOverlap(white: string, black: string, kind: 'ip' | 'mac'): boolean {
  const normalise = kind === 'mac' ? normaliseMac : (entry: string) => entry
  const whites = splitEntries(white).map(normalise)
  return splitEntries(black).some((entry) => whites.includes(normalise(entry)))
}

export const strategyAddRequest = z.object(strategyFields).superRefine(refuseOverlap)
export const strategySaveRequest = z.object({ id, ...strategyFields }).superRefine(refuseOverlap)
export const strategyQuery = z.object({ id })
export const strategyListRequest = z.object({ ...page })

export type StrategyAddRequest = z.infer<typeof strategyAddRequest>
export type StrategySaveRequest = z.infer<typeof strategySaveRequest>

/** A strategy as the strategy calls return it; the lists are comma-separated, as the form writes them. */
export interface PortalStrategy {
  id: number
  name: string
  validity_days: number | null
  session_minutes: number
  upload_kbps: number
  download_kbps: number
  upload_quota_mb: number
  download_quota_mb: number
  ip_whitelist: string
  ip_blacklist: string
  mac_whitelist: string
  mac_blacklist: string
  created_at: string
}

/** What the console sends to add or save one: the same fields, the lists as written. */
export type StrategyForm = Omit<PortalStrategy, 'id' | 'created_at'>
