import type { TelemetryMessage } from '@canopy/shared/protocol'
import { between, wander, weighted } from './random'

type SimState = NonNullable<NonNullable<TelemetryMessage['lte']>['sim']>

/**
 * How often a router's SIM is in each state: most work; in a real fleet some routers wait with
 * no card yet, some for a PIN nobody entered, and a few have a card the modem cannot read.
 */
const SIM_STATES: ReadonlyArray<readonly [SimState, number]> = [
  ['ready', 0.82],
  ['absent', 0.08],
  ['locked', 0.06],
  ['error', 0.04],
]

/** Mobile networks, as an IMSI (MCC + MNC) and an ICCID (issuer) name them, and their shares. */
const OPERATORS = [
  { plmn: '46000', issuer: '00', name: 'China Mobile', share: 0.55 },
  { plmn: '46001', issuer: '01', name: 'China Unicom', share: 0.25 },
  { plmn: '46011', issuer: '03', name: 'China Telecom', share: 0.2 },
] as const

const digits = (random: () => number, count: number) =>
  Array.from({ length: count }, () => Math.floor(random() * 10)).join('')

/**
 * The 4G modem of a router and the SIM in it, drawn once per device from its seed: the card's
 * state and operator stay, the signal drifts around what the router's place gets.
 */
export class CellularModem {
  readonly sim: SimState
  private readonly operator: (typeof OPERATORS)[number]
  private readonly imsi: string
  private readonly iccid: string
  /** what the router's place receives; the reported signal wanders around it */
  private baseline: number
  private signal: number

  constructor(
    private readonly hardware: { module: string; moduleVersion: string },
    private readonly random: () => number,
  ) {
    this.sim = weighted(random, SIM_STATES, ([, share]) => share)[0]
    this.operator = weighted(random, OPERATORS, (operator) => operator.share)
    this.imsi = `${this.operator.plmn}${digits(random, 10)}`
    this.iccid = `8986${this.operator.issuer}${digits(random, 14)}`
    this.baseline = between(random, [-108, -68])
    this.signal = this.baseline
  }

  /** Whether the router has a mobile data connection (a WAN address). */
  get attached(): boolean {
    return this.sim === 'ready'
  }

  /** The `lte` part of the next telemetry report. */
  next(): NonNullable<TelemetryMessage['lte']> {
    const r = this.random
    const modem = { module: this.hardware.module, moduleVersion: this.hardware.moduleVersion }
    // A locked card still answers with its ICCID; only an unlocked one gives its IMSI.
    if (this.sim === 'absent' || this.sim === 'error') return { sim: this.sim, ...modem }
    if (this.sim === 'locked') return { sim: 'locked', iccid: this.iccid, ...modem }
    this.baseline = wander(r, this.baseline, [-112, -65], 0.5)
    // Pulled back towards the baseline, with noise, and now and then a fade (a passing truck).
    const fade = r() < 0.03 ? between(r, [8, 18]) : 0
    this.signal = this.signal + (this.baseline - this.signal) * 0.3 + (r() - 0.5) * 6 - fade
    return {
      sim: 'ready',
      imsi: this.imsi,
      iccid: this.iccid,
      signal: Math.round(Math.min(-45, Math.max(-125, this.signal))),
      operator: this.operator.name,
      ...modem,
    }
  }
}
