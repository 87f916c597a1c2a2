import { describe, expect, it } from 'vitest'
import { CellularModem } from './cellular'
import { C4G_100 } from './profiles/router4g'
import { seededRandom } from './random'
import { TelemetryModel } from './telemetry'

const modemOf = (seed: number) => new CellularModem(C4G_100.lte!, seededRandom(seed))

describe('the SIM and signal of a 4G router', () => {
  it('differ from router to router: most SIMs ready, some absent, PIN-locked or unreadable', () => {
    const states = new Map<string, number>()
    const operators = new Set<string>()
    for (let seed = 1; seed <= 2000; seed++) {
      const modem = modemOf(seed)
      states.set(modem.sim, (states.get(modem.sim) ?? 0) + 1)
      const report = modem.next()
      if (report.operator) operators.add(report.operator)
    }
    expect(states.get('ready')! / 2000).toBeGreaterThan(0.75)
    for (const state of ['absent', 'locked', 'error']) expect(states.get(state), state).toBeGreaterThan(20)
    expect(operators.size).toBeGreaterThan(1)
  })

  it('are the same for the same seed', () => {
    const a = modemOf(99)
    const b = modemOf(99)
    expect(Array.from({ length: 20 }, () => a.next())).toEqual(Array.from({ length: 20 }, () => b.next()))
  })

  it('report a ready SIM with its IMSI, its operator and a signal that drifts', () => {
    let seed = 1
    while (modemOf(seed).sim !== 'ready') seed++
    const modem = modemOf(seed)
    const reports = Array.from({ length: 200 }, () => modem.next())
    const first = reports[0]!
    expect(first).toMatchObject({ sim: 'ready', module: 'EC25-E', moduleVersion: 'EC25EFAR06A06M4G' })
    expect(first.imsi).toMatch(/^460(00|01|11)\d{10}$/)
    expect(first.iccid).toMatch(/^8986\d{16}$/)
    const signals = reports.map((report) => report.signal!)
    expect(new Set(signals).size).toBeGreaterThan(10)
    for (const signal of signals) expect(signal).toBeGreaterThanOrEqual(-125)
    for (const signal of signals) expect(signal).toBeLessThanOrEqual(-45)
  })

  it('say no more than the card allows when it is not ready, and the router has no uplink', () => {
    const seedOf = (state: string) => {
      let seed = 1
      while (modemOf(seed).sim !== state) seed++
      return seed
    }
    const absent = modemOf(seedOf('absent')).next()
    expect(absent).toEqual({ sim: 'absent', module: 'EC25-E', moduleVersion: 'EC25EFAR06A06M4G' })
    const locked = modemOf(seedOf('locked')).next()
    expect(locked.iccid).toMatch(/^8986/)
    expect(locked.imsi).toBeUndefined()
    expect(locked.signal).toBeUndefined()

    // A router without a SIM: no WAN address, no traffic.
    const routerOf = (seed: number) =>
      new TelemetryModel(C4G_100, seededRandom(seed), '192.168.8.1', '10.0.0.2')
    let seed = 1
    while (routerOf(seed).next([6]).lte?.sim !== 'absent') seed++
    const router = routerOf(seed)
    for (let report = 0; report < 5; report++)
      expect(router.next([6]).wan).toEqual({ type: 'mobile', rxBytes: 0, txBytes: 0 })
  })
})
