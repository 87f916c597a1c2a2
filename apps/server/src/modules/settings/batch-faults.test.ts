import { seededRandom } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FleetOnServer, fleetOnServer, until } from '../../../test/fleet-server'
import { type ServerProcess, serverProcess } from '../../../test/server-process'

/**
 * The fault suite of a batch settings change (issue 11, item 3): the real server in a child
 * process, a fleet of virtual devices, a `setwifis` to all of them, and `kill -9` at a point of
 * the change — before, around and after its commit. Restarted on the same database, with the
 * devices back, every device's shadow, sync state and operation result must tell one story:
 * the change is everywhere (stored, applied and reported by the device, in sync, success) or
 * nowhere (no desired change, no sync row, no operation record), and never "in sync" or
 * "success" for a value the device does not report.
 *
 * FAULT_DEVICES and FAULT_SEED vary it (the report was 200 devices, killed ~250 ms in).
 */
const DEVICES = Number(process.env.FAULT_DEVICES ?? 30)
const SEED = Number(process.env.FAULT_SEED ?? 11)
const MODEL = 'CAP-1200'

/** Where the server dies: ms after the batch call was sent, or once its answer arrived. */
type KillPoint = { afterMs: number } | 'answered'

interface SettingsState {
  sections: Array<{ section: string; status: string; operation_id: number | null }>
  desired: { wifi?: { '2g'?: { ssid?: string } } }
  reported: { wifi?: { '2g'?: { ssid?: string } } }
}
interface Operation {
  result: string
  targets: Array<{ device_id: number; status: string }>
}

const killPoints: Array<{ name: string; point: KillPoint }> = [
  { name: 'as reported: ~250 ms into the batch', point: { afterMs: 250 } },
  { name: 'at once: before the commit', point: { afterMs: 0 } },
  { name: `at random (seed ${SEED})`, point: { afterMs: 20 + Math.floor(seededRandom(SEED)() * 400) } },
  { name: 'once the batch was answered: after the commit, while devices apply', point: 'answered' },
]

describe(`a setwifis to ${DEVICES} devices killed with kill -9`, () => {
  let server: ServerProcess
  let world: FleetOnServer
  let ids: number[]
  /** the newest operation known to have been recorded */
  let lastOperation = 0
  const api = <T>(pathName: string, body?: unknown) => world.api<T>(pathName, body)
  const ok = <T>(pathName: string, body?: unknown) => world.ok<T>(pathName, body)

  beforeAll(async () => {
    server = await serverProcess({ DEVICE_LIMIT: String(DEVICES * 2) })
    await server.start()
    world = await fleetOnServer(
      server,
      { username: 'fault_owner', email: 'fault@faults.test' },
      {
        count: DEVICES,
        seed: SEED,
        models: [MODEL],
        telemetryIntervalSeconds: 60,
        applyDelayMs: [20, 120],
        failureRate: 0,
        rebootsPerHour: 0,
        dropsPerHour: 0,
      },
    )
    ids = world.ids
  }, 180_000)

  afterAll(async () => {
    await world?.fleet.stop()
    await server?.dispose()
  })

  const states = () => Promise.all(ids.map((id) => ok<SettingsState>('/backend/device/settings', { id })))

  for (const [round, { name, point }] of killPoints.entries()) {
    it(`kill -9 ${name}: the change is everywhere or nowhere`, async () => {
      await world.allOnline()
      const ssid = `fault-${SEED}-${round}`
      const sent = api<{ operation_id: number }>('/backend/device/setwifis', {
        ids,
        settings: { '2g': { ...RADIO, ssid, password: `pass-${SEED}-${round}` } },
      }).catch(() => undefined)
      if (point === 'answered') await sent
      else await new Promise((resolve) => setTimeout(resolve, point.afterMs))
      await server.kill()
      const answer = await sent
      await server.start()
      world.reconnect()
      await world.allOnline()

      // Settled: nothing on its way to any device any more.
      const settled = await until(
        async () => {
          const all = await states()
          return all.every(
            (state) => !wifiRow(state) || ['in_sync', 'failed'].includes(wifiRow(state)!.status),
          )
            ? all
            : undefined
        },
        'every device settled',
        server,
      )

      const stored = settled.map((state) => state.desired.wifi?.['2g']?.ssid === ssid)
      const context = `round ${round} (${name}); answer ${JSON.stringify(answer)}`
      // All or nothing across the batch.
      expect(new Set(stored).size, context).toBe(1)
      if (stored[0]) {
        const operationIds = new Set(settled.map((state) => wifiRow(state)?.operation_id))
        expect(operationIds.size, context).toBe(1)
        const [operationId] = [...operationIds] as number[]
        if (answer?.status === 10000) expect(operationId, context).toBe(answer.data.operation_id)
        for (const state of settled) {
          expect(wifiRow(state)!.status, context).toBe('in_sync')
          expect(state.reported.wifi?.['2g']?.ssid, context).toBe(ssid)
        }
        const operation = await ok<Operation>(`/backend/device/operation?id=${operationId}`)
        expect(operation.result, context).toBe('success')
        expect(operation.targets.map((target) => target.device_id).sort(), context).toEqual([...ids].sort())
        expect(new Set(operation.targets.map((target) => target.status)), context).toEqual(
          new Set(['success']),
        )
        for (let id = lastOperation + 1; id < operationId!; id++) await expectNoOperation(id, context)
        lastOperation = operationId!
      } else {
        // The server was told nothing it could keep: no answer claimed it, no device shows it.
        expect(answer?.status, context).not.toBe(10000)
        for (const state of settled) {
          expect(state.reported.wifi?.['2g']?.ssid, context).not.toBe(ssid)
          // Only the previous round's change, if any, still in sync with what the device reports.
          const row = wifiRow(state)
          if (lastOperation === 0) expect(row, context).toBeUndefined()
          else expect([row?.operation_id, row?.status], context).toEqual([lastOperation, 'in_sync'])
        }
        // A rolled-back record may still have taken an id; none of the next few exists.
        for (let id = lastOperation + 1; id <= lastOperation + 3; id++) await expectNoOperation(id, context)
      }
      // Whatever is in sync, the device reports: never "in sync" for a value it does not show.
      for (const state of settled) {
        if (wifiRow(state)?.status === 'in_sync')
          expect(state.reported.wifi?.['2g']?.ssid, context).toBe(state.desired.wifi?.['2g']?.ssid)
      }
    }, 120_000)
  }

  async function expectNoOperation(id: number, context: string) {
    const envelope = await api(`/backend/device/operation?id=${id}`)
    expect(envelope.status, `${context}: operation ${id} should not exist`).not.toBe(10000)
  }
})

/** A whole radio of the model, as the batch WiFi dialog sends it. */
const RADIO = {
  enabled: true,
  hidden: false,
  channel: 6,
  bandwidth: '20',
  encryption: 'wpa2-psk',
  power: 100,
  beacon: 100,
  fragmentation: 2346,
  rts: 2347,
  shortGi: true,
  maxUsers: 32,
  isolation: false,
}

function wifiRow(state: SettingsState) {
  return state.sections.find((row) => row.section === 'wifi')
}
