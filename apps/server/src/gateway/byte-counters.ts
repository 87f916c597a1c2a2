import type { TelemetryMessage } from '@canopy/shared/protocol'

/** A report's byte counters as the history keeps them; null where the device reports none. */
export interface ByteCounters {
  wanRx: number | null
  wanTx: number | null
  radio2gRx: number | null
  radio2gTx: number | null
  radio5gRx: number | null
  radio5gTx: number | null
}

/**
 * The WAN's counters, and each band's radios added up (a tri-band device's two 5 GHz radios are
 * one line on the chart). Whole bytes: the protocol allows a fraction, the column does not.
 */
export function byteCountersOf(telemetry: TelemetryMessage): ByteCounters {
  const band = (name: '2g' | '5g', field: 'rxBytes' | 'txBytes') => {
    const values = (telemetry.radios ?? [])
      .filter((radio) => radio.band === name)
      .map((radio) => radio[field])
    const reported = values.filter((value): value is number => value !== undefined)
    // Added up only if every radio of the band reports it: a partial sum would look like a reset.
    if (reported.length === 0 || reported.length < values.length) return null
    return Math.min(
      Number.MAX_SAFE_INTEGER,
      reported.reduce((sum, value) => sum + Math.floor(value), 0),
    )
  }
  const whole = (value: number | undefined) => (value === undefined ? null : Math.floor(value))
  return {
    wanRx: whole(telemetry.wan?.rxBytes),
    wanTx: whole(telemetry.wan?.txBytes),
    radio2gRx: band('2g', 'rxBytes'),
    radio2gTx: band('2g', 'txBytes'),
    radio5gRx: band('5g', 'rxBytes'),
    radio5gTx: band('5g', 'txBytes'),
  }
}
