import { z } from 'zod'
import { id } from './organisation'

// Portal authentication per device and SSID (§7 auth/info, auth/set, auth/roam/info, auth/roam/set).

/**
 * Where a portal can be on: a radio's main SSID (`2g`, `5g`) or a virtual AP (`vap1`-`vap3`, the
 * keys of the WiFi section's `vaps`). A device has only those it reports.
 */
export const PORTAL_TARGETS = ['2g', '5g', 'vap1', 'vap2', 'vap3'] as const
export type PortalTarget = (typeof PORTAL_TARGETS)[number]

/** How guests authenticate (§1): click-through (accept the terms), a member account, an SMS code. */
export const PORTAL_METHODS = ['click', 'member', 'sms'] as const
export type PortalMethod = (typeof PORTAL_METHODS)[number]

/**
 * What the gateway does for a new guest while it cannot reach the cloud: let them in without a
 * page (`open`) or keep them out until the cloud answers again (`closed`). Guests already let in
 * stay in either way.
 */
export const OFFLINE_POLICIES = ['open', 'closed'] as const
export type OfflinePolicy = (typeof OFFLINE_POLICIES)[number]

/** The WiFi-section path of a target: `['2g']`, or `['vaps', '1']` for `vap1`. */
export function wifiPathOf(target: PortalTarget): [string] | ['vaps', string] {
  return target.startsWith('vap') ? ['vaps', target.slice(3)] : [target]
}

const target = z.enum(PORTAL_TARGETS, { error: 'validation.portal_target' })

/**
 * What a portal turned on lacks, by field (the form shows each beside its field): a page, a
 * strategy (§8 "Configure Internet access policies") and a method. Turned off, nothing is needed.
 */
export function portalSetProblems(value: {
  enabled: boolean
  page_id?: number | null | undefined
  strategy_id?: number | null | undefined
  methods?: readonly string[] | undefined
}): Array<{ field: 'page_id' | 'strategy_id' | 'methods'; key: string }> {
  if (!value.enabled) return []
  const problems: Array<{ field: 'page_id' | 'strategy_id' | 'methods'; key: string }> = []
  if (value.page_id == null) problems.push({ field: 'page_id', key: 'validation.portal_page_empty' })
  if (value.strategy_id == null)
    problems.push({ field: 'strategy_id', key: 'validation.portal_strategy_empty' })
  if (!value.methods?.length) problems.push({ field: 'methods', key: 'validation.portal_methods_empty' })
  return problems
}

/**
 * One SSID's portal. Turned on it needs a page, a strategy (§8 "Configure Internet access
 * policies" without one) and at least one method; turned off, what it had is kept for next time.
 */
export const portalSetRequest = z
  .object({
    id,
    target,
    enabled: z.boolean(),
    page_id: id.nullable().default(null),
    strategy_id: id.nullable().default(null),
    methods: z
      .array(z.enum(PORTAL_METHODS, { error: 'validation.invalid_choice' }))
      .max(PORTAL_METHODS.length)
      .refine((methods) => new Set(methods).size === methods.length, { error: 'validation.invalid_choice' })
      .default([]),
    offline_policy: z.enum(OFFLINE_POLICIES, { error: 'validation.invalid_choice' }).default('open'),
  })
  .superRefine((value, context) => {
    for (const { field, key } of portalSetProblems(value))
      context.addIssue({ code: 'custom', message: key, path: [field] })
  })
export type PortalSetRequest = z.infer<typeof portalSetRequest>
/** The form's values before defaults (what the console sends). */
export type PortalSetInput = z.input<typeof portalSetRequest>

/** Group roaming of one project (§7 auth/roam/*). */
export const roamInfoRequest = z.object({ gid: id })
export const roamSetRequest = z.object({ gid: id, enabled: z.boolean() })

/** One SSID's portal as auth/info answers it. */
export interface DevicePortalSetting {
  target: PortalTarget
  /** the SSID's name as the device reports it */
  ssid: string | null
  enabled: boolean
  page_id: number | null
  strategy_id: number | null
  methods: PortalMethod[]
  offline_policy: OfflinePolicy
  /** where the device stands with the portal section: in_sync, applying, pending, failed */
  sync: string | null
}

export interface DevicePortalInfo {
  /** every SSID the device reports, with its portal (off where none was set) */
  settings: DevicePortalSetting[]
  /** group roaming of the device's project: while on, the device's portal cannot change */
  roaming: boolean
  /** the tenant's pages and strategies to choose from (none for a caller who cannot set a portal) */
  pages: Array<{ id: number; name: string }>
  strategies: Array<{ id: number; name: string }>
}
