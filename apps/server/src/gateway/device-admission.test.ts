import { describe, expect, it, vi } from 'vitest'
import { DeviceAdmission, type DeviceLimits } from './device-admission'

const limits: DeviceLimits = {
  perSecond: { shadow: 10, jobs: 10, telemetry: 1, status: 1, rpc: 20 },
  backlog: 3,
  inFlight: 2,
  queued: 4,
  maxWaitMs: 5_000,
  disconnectAfter: 5,
}

function admission(overrides: Partial<DeviceLimits> = {}) {
  let now = 0
  const disconnected: string[] = []
  const gate = new DeviceAdmission(
    { ...limits, ...overrides },
    (thing) => disconnected.push(thing),
    () => now,
  )
  return { gate, disconnected, advance: (ms: number) => (now += ms) }
}

describe('device admission', () => {
  it('lets a burst through, then the rate, per device and kind', () => {
    const { gate, advance } = admission()
    const taken = Array.from({ length: 25 }, () => gate.admit('a', 'shadow'))
    expect(taken.filter((refusal) => refusal === undefined)).toHaveLength(20)
    expect(taken.at(-1)).toBe('throttled')
    // another device, and another kind of the same device, have their own buckets
    expect(gate.admit('b', 'shadow')).toBeUndefined()
    expect(gate.admit('a', 'telemetry')).toBeUndefined()
    advance(1000)
    expect(
      Array.from({ length: 11 }, () => gate.admit('a', 'shadow')).filter((r) => r === undefined),
    ).toHaveLength(10)
  })

  it('disconnects a device once, past its refusals in a minute', () => {
    const { gate, disconnected, advance } = admission()
    for (let index = 0; index < 30; index++) gate.admit('a', 'telemetry')
    expect(disconnected).toEqual(['a'])
    expect(gate.wasDisconnected('a')).toBe(true)
    advance(60_000)
    gate.admit('a', 'telemetry')
    expect(gate.wasDisconnected('a')).toBe(false)
  })

  it('runs at most inFlight at once, in order, and bounds each device’s backlog and the queue', async () => {
    const { gate } = admission({ perSecond: { shadow: 1000, jobs: 1, telemetry: 1, status: 1, rpc: 1 } })
    const release: Array<() => void> = []
    const started: number[] = []
    const work = (id: number) => () =>
      new Promise<void>((resolve) => {
        started.push(id)
        release.push(resolve)
      })
    const done = [0, 1, 2].map((id) => gate.run('a', 'shadow', work(id)))
    const settle = () => new Promise((resolve) => setImmediate(resolve))
    await settle()
    expect(started).toEqual([0, 1])
    expect(gate.admit('a', 'shadow')).toBe('backlog')
    for (const thing of ['b', 'c', 'd']) void gate.run(thing, 'shadow', work(9))
    expect(gate.counters.queued).toBe(4)
    // a full queue refuses everyone, but counts against no one
    for (let index = 0; index < 10; index++) expect(gate.admit('e', 'shadow')).toBe('overloaded')
    expect(gate.wasDisconnected('e')).toBe(false)
    release.shift()!()
    await done[0]
    await settle()
    expect(started).toEqual([0, 1, 2])
  })
  it('refuses job requests while the oldest waiting message has waited longer than a device waits', async () => {
    const { gate, advance } = admission({
      perSecond: { shadow: 1000, jobs: 1, telemetry: 1, status: 1, rpc: 1 },
      queued: 100,
    })
    const release: Array<() => void> = []
    const work = () => new Promise<void>((resolve) => release.push(resolve))
    for (const thing of ['a', 'b', 'c']) void gate.run(thing, 'jobs', work)
    await new Promise((resolve) => setImmediate(resolve))
    expect(gate.counters).toMatchObject({ inFlight: 2, queued: 1, queuedByKind: { jobs: 1, shadow: 0 } })
    advance(5_000)
    expect(gate.admit('d', 'jobs')).toBeUndefined()
    advance(1)
    expect(gate.admit('e', 'jobs')).toBe('overloaded')
    // a report or telemetry is worth as much late, and a status is never refused for the queue
    expect(gate.admit('e', 'shadow')).toBeUndefined()
    expect(gate.admit('e', 'telemetry')).toBeUndefined()
    expect(gate.admit('e', 'status')).toBeUndefined()
    // once the old one has its turn, the queue takes job requests again
    release.shift()!()
    await new Promise((resolve) => setImmediate(resolve))
    expect(gate.counters.queued).toBe(0)
    expect(gate.admit('f', 'jobs')).toBeUndefined()
  })
})

describe('the status lane', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  /** inFlight 2 held by two messages, and a full queue of four behind them */
  function busyGate() {
    const { gate } = admission({ perSecond: { shadow: 1000, jobs: 1, telemetry: 1, status: 1, rpc: 1 } })
    const release: Array<() => void> = []
    const started: string[] = []
    const work = (id: string) => () =>
      new Promise<void>((resolve) => {
        started.push(id)
        release.push(resolve)
      })
    for (const thing of ['a', 'b', 'c', 'd', 'e', 'f']) void gate.run(thing, 'shadow', work(thing))
    return { gate, work, started, release }
  }

  it('takes a status when the queue is full, and serves it before the queue', async () => {
    const { gate, work, started, release } = busyGate()
    await settle()
    expect(gate.counters.queued).toBe(4)
    expect(gate.admit('g', 'shadow')).toBe('overloaded')
    expect(gate.admit('g', 'status')).toBeUndefined()
    const status = gate.runLatest('status', 'g', work('g status'))
    expect(gate.counters).toMatchObject({ queued: 4, statusesWaiting: 1, peakStatusesWaiting: 1 })
    release.shift()!()
    await settle()
    expect(started).toEqual(['a', 'b', 'g status'])
    release.at(-1)!()
    await status
    await settle()
    expect(started.at(-1)).toBe('c')
    expect(gate.counters.statusesWaiting).toBe(0)
  })

  it('keeps one status a device, the latest, in the place of the first', async () => {
    const { gate, work, started, release } = busyGate()
    await settle()
    const first = gate.runLatest('status', 'g', work('g online'))
    void gate.runLatest('status', 'h', work('h online'))
    const latest = gate.runLatest('status', 'g', work('g offline'))
    // the replaced one settles without running
    await first
    expect(gate.counters).toMatchObject({ statusesWaiting: 2, statusesSuperseded: 1 })
    // one slot frees: it takes both waiting statuses at once
    release.shift()!()
    await settle()
    expect(started).toEqual(['a', 'b', 'g offline', 'h online'])
    expect(gate.counters).toMatchObject({ statusesWaiting: 0, inFlight: 2 })
    // one backlog place held for g, given back once its latest status ran
    release.splice(1, 1)[0]!()
    await latest
    for (let index = 0; index < 3; index++) expect(gate.admit('g', 'shadow')).not.toBe('backlog')
  })

  it('keeps telemetry out of the queue: one report a device, after the statuses, before the queue', async () => {
    const { gate, work, started, release } = busyGate()
    await settle()
    expect(gate.admit('g', 'telemetry')).toBeUndefined()
    const older = gate.runLatest('telemetry', 'g', work('g report 1'))
    void gate.runLatest('telemetry', 'g', work('g report 2'))
    void gate.runLatest('status', 'h', work('h online'))
    await older
    expect(gate.counters).toMatchObject({
      queued: 4,
      telemetryWaiting: 1,
      peakTelemetryWaiting: 1,
      telemetrySuperseded: 1,
      statusesWaiting: 1,
    })
    release.shift()!()
    await settle()
    expect(started).toEqual(['a', 'b', 'h online'])
    release.shift()!()
    await settle()
    expect(started).toEqual(['a', 'b', 'h online', 'g report 2'])
    release.shift()!()
    await settle()
    expect(started.at(-1)).toBe('c')
    expect(gate.counters).toMatchObject({ telemetryWaiting: 0, statusesWaiting: 0 })
  })

  it('serves updates of work under way before other queued messages, and ages them apart', async () => {
    const { gate, advance } = admission({
      perSecond: { shadow: 1000, jobs: 1000, telemetry: 1, status: 1, rpc: 1 },
      queued: 100,
    })
    const started: string[] = []
    const release: Array<() => void> = []
    const work = (id: string) => () =>
      new Promise<void>((resolve) => {
        started.push(id)
        release.push(resolve)
      })
    for (const thing of ['a', 'b']) void gate.run(thing, 'jobs', work(`${thing} start-next`))
    void gate.run('c', 'jobs', work('c start-next'))
    await new Promise((resolve) => setImmediate(resolve))
    advance(10_001)
    // Behind a start-next that has waited too long, a new start-next is refused; an update is not.
    expect(gate.admit('d', 'jobs')).toBe('overloaded')
    expect(gate.admit('e', 'jobs', true)).toBeUndefined()
    void gate.run('e', 'jobs', work('e update'), true)
    release.shift()!()
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual(['a start-next', 'b start-next', 'e update'])
    release.shift()!()
    await new Promise((resolve) => setImmediate(resolve))
    expect(started.at(-1)).toBe('c start-next')
  })

  it('still refuses a device over its status rate', () => {
    const { gate } = admission()
    const taken = Array.from({ length: 8 }, () => gate.admit('a', 'status'))
    expect(taken.filter((refusal) => refusal === 'throttled')).toHaveLength(3)
  })

  it('tells a burst when the queue has room for it: fewer waiting than it will bring', async () => {
    const { gate } = admission({ perSecond: { shadow: 1000, jobs: 1000, telemetry: 1, status: 1, rpc: 1 } })
    const release: Array<() => void> = []
    const work = () => new Promise<void>((resolve) => release.push(resolve))
    for (const thing of ['a', 'b', 'c', 'd']) void gate.run(thing, 'jobs', work)
    let roomFor2 = false
    void gate.room(2).then(() => {
      roomFor2 = true
    })
    await gate.room(3)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(roomFor2).toBe(false)
    release.shift()!()
    await vi.waitFor(() => expect(roomFor2).toBe(true))
    expect(gate.counters.queued).toBe(1)
  })
})
