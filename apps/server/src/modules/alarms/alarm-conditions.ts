import type { TelemetryMessage } from '@canopy/shared/protocol'
import type { AlarmCategory, AlarmRules } from '@canopy/shared/validation'

/**
 * What one report says of a category: the condition `breached` or clear, with the reading. A
 * category a report says nothing about (no `lte` section for the signal, no `wan` section) has no
 * reading, so an open alarm of it neither fires nor recovers on that report.
 */
export interface Reading {
  category: AlarmCategory
  breached: boolean
  value?: number
  threshold?: number
  detail?: string
}

/** The categories a telemetry report speaks of (the others come from presence and job events). */
export const TELEMETRY_CATEGORIES = [
  'cpu',
  'memory',
  'clients',
  'signal',
  'wan_down',
  'wan_ip_changed',
] as const

/**
 * Reads a report against the rules. A switched-off category reads as clear, so switching it off
 * drops its pending condition and recovers its active alarm. `previousWanIp` is the address of
 * the device's previous report (undefined after a restart: the first report sets it).
 */
export function readTelemetry(
  rules: AlarmRules,
  telemetry: TelemetryMessage,
  previousWanIp: string | undefined,
): Reading[] {
  const readings: Reading[] = []
  const above = (category: 'cpu' | 'memory' | 'clients', value: number) => {
    const threshold = rules[category].threshold ?? Number.POSITIVE_INFINITY
    readings.push({ category, breached: rules[category].enabled && value > threshold, value, threshold })
  }
  above('cpu', telemetry.cpu)
  above('memory', telemetry.mem)
  above('clients', telemetry.clients)
  const signal = telemetry.lte?.signal
  if (signal !== undefined) {
    const threshold = rules.signal.threshold ?? Number.NEGATIVE_INFINITY
    readings.push({
      category: 'signal',
      breached: rules.signal.enabled && signal < threshold,
      value: signal,
      threshold,
    })
  }
  const wan = telemetry.wan
  if (wan) {
    // docs/protocol.md: a WAN section without an address is an uplink that is down.
    const ip = wan.ip || undefined
    readings.push({ category: 'wan_down', breached: rules.wan_down.enabled && ip === undefined })
    if (
      ip !== undefined &&
      previousWanIp !== undefined &&
      ip !== previousWanIp &&
      rules.wan_ip_changed.enabled
    ) {
      readings.push({ category: 'wan_ip_changed', breached: true, detail: `${previousWanIp} → ${ip}` })
    }
  }
  return readings
}
