import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eventually } from '../test/devices'
import { createTestApp, type TestApp } from '../test/test-app'
import { devices } from './db/schema'
import { DEMO_IDENTITIES_FILE, type Demo, startDemo } from './demo'

/** `npm start -- --demo` started again on the same data: the same devices come back online. */
let app: TestApp
let dataDir: string
const FLEET = 6

beforeAll(async () => {
  app = await createTestApp()
  dataDir = mkdtempSync(path.join(tmpdir(), 'canopy-demo-'))
})
afterAll(async () => {
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The demo fleet's bound devices, as the database has them. */
async function boundRows(demo: Demo) {
  const macs = demo.fleet.devices.map((device) => device.mac)
  return app.database.db
    .select({
      mac: devices.mac,
      status: devices.status,
      secretHash: devices.secretHash,
      tenantId: devices.tenantId,
    })
    .from(devices)
    .where(inArray(devices.mac, macs))
    .then((rows) => rows.filter((row) => row.tenantId !== null).sort((a, b) => a.mac.localeCompare(b.mac)))
}

const allOnline = (rows: Array<{ status: string }>) =>
  rows.length > 0 && rows.every((row) => row.status === 'online')
const allOffline = (rows: Array<{ status: string }>) => rows.every((row) => row.status === 'offline')

describe('the demo started again', () => {
  it('brings its bound devices back online with the identities it kept in the data directory', async () => {
    const first = await startDemo(app, app.database.db, FLEET, dataDir)
    const before = await eventually(() => boundRows(first), allOnline)
    expect(before).toHaveLength(FLEET - first.unbound.length)
    await first.fleet.stop()
    await eventually(() => boundRows(first), allOffline)

    // No operator stepping in: each device proves who it is with the secret it kept.
    const provision = vi.spyOn(app.services.registration, 'provision')
    const second = await startDemo(app, app.database.db, FLEET, dataDir)
    try {
      expect(second.created).toBe(false)
      const after = await eventually(() => boundRows(second), allOnline)
      // The same devices, bound to the same tenant, with the same secrets: nothing registered anew.
      expect(after.map(({ mac, tenantId, secretHash }) => ({ mac, tenantId, secretHash }))).toEqual(
        before.map(({ mac, tenantId, secretHash }) => ({ mac, tenantId, secretHash })),
      )
      expect(provision).not.toHaveBeenCalled()
    } finally {
      provision.mockRestore()
      await second.fleet.stop()
    }
  })

  it('gets its bound devices back as their operator when the identities file is gone', async () => {
    rmSync(path.join(dataDir, DEMO_IDENTITIES_FILE))
    const provision = vi.spyOn(app.services.registration, 'provision')
    const demo = await startDemo(app, app.database.db, FLEET, dataDir)
    try {
      // Each bound device was refused registration without its secret, then issued one anew.
      const rows = await eventually(() => boundRows(demo), allOnline)
      expect(rows).toHaveLength(FLEET - demo.unbound.length)
      expect(provision).toHaveBeenCalledTimes(rows.length)
    } finally {
      provision.mockRestore()
      await demo.fleet.stop()
    }
  })
})
