import type { TelemetryMessage } from '@canopy/shared/protocol'

/**
 * What a virtual device can be told to do wrong (issue 15), so each alarm can be seen firing and
 * recovering: its reports say so while the mode is on, and go back to normal when it is off.
 * `go-offline` is the device falling off the network (virtual-device.ts handles it: its last will
 * says offline); `weak-signal` only shows on models with a 4G module.
 */
export const MISBEHAVIOURS = ['cpu-spike', 'memory-leak', 'weak-signal', 'drop-wan', 'go-offline'] as const
export type MisbehaviourMode = (typeof MISBEHAVIOURS)[number]

export function isMisbehaviour(value: string): value is MisbehaviourMode {
  return (MISBEHAVIOURS as readonly string[]).includes(value)
}

/** CPU during a spike, memory a leak climbs by per report, and the signal of a failing antenna. */
const SPIKE_CPU = 97.5
const LEAK_STEP = 4
const LEAK_MAX = 99
const WEAK_SIGNAL_DBM = -118

export class Misbehaviour {
  private readonly on = new Set<MisbehaviourMode>()
  /** how far the leak has climbed above the normal reading */
  private leaked = 0

  set(mode: MisbehaviourMode, on: boolean): void {
    if (on) this.on.add(mode)
    else this.on.delete(mode)
    if (mode === 'memory-leak' && !on) this.leaked = 0
  }

  has(mode: MisbehaviourMode): boolean {
    return this.on.has(mode)
  }

  /** The report as the misbehaving device sends it. */
  apply(report: TelemetryMessage): TelemetryMessage {
    if (this.on.size === 0) return report
    const out = { ...report }
    if (this.on.has('cpu-spike')) out.cpu = SPIKE_CPU
    if (this.on.has('memory-leak')) {
      this.leaked += LEAK_STEP
      out.mem = Math.min(LEAK_MAX, report.mem + this.leaked)
    }
    if (this.on.has('weak-signal') && report.lte) out.lte = { ...report.lte, signal: WEAK_SIGNAL_DBM }
    if (this.on.has('drop-wan') && report.wan) {
      // An uplink that is down has no address (docs/protocol.md).
      const { ip: _ip, gateway: _gateway, dns: _dns, ...wan } = report.wan
      out.wan = wan
    }
    return out
  }
}
