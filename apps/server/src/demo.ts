import path from 'node:path'
import { ErrorCode } from '@canopy/shared/errors'
import type { RegistrationRequest, RegistrationResponse } from '@canopy/shared/protocol'
import {
  catalogueEntries,
  type Fleet,
  REALISTIC_APPLY_DELAY_MS,
  REALISTIC_UPGRADE_TIMINGS,
  startFleet,
} from '@canopy/simulator'
import type { CanopyApp } from './app'
import type { Database } from './db/client'
import { AppError } from './http/app-error'
import { devicesRepository } from './modules/devices/devices.repository'
import { OperatorService } from './modules/operator/operator.service'
import { projectsRepository } from './modules/projects/projects.repository'
import { accountsRepository } from './modules/users/accounts.repository'

export const DEMO_ACCOUNT = { username: 'demo', password: 'canopy2026', email: 'demo@canopy.example' }
// Project names follow §5: at most 10 characters.
const DEMO_PROJECTS = ['Office', 'Warehouse']

export interface Demo {
  created: boolean
  fleet: Fleet
  /** devices left unbound, for trying the bind dialog */
  unbound: Array<{ mac: string; password: string; model: string }>
}

/** Where the demo fleet keeps its devices' identities, in DATA_DIR. */
export const DEMO_IDENTITIES_FILE = 'demo-fleet-identities.json'

/**
 * `npm start -- --demo`: an account a newcomer can log in with at once, and a small virtual
 * fleet running in-process — most of it bound to the demo account across a few projects, a few
 * devices left for the newcomer to bind. The account is created once; later starts leave it
 * (and whatever password it has now) alone. The fleet keeps its identities in `dataDir`, as
 * real devices keep theirs, so on later starts the same devices come back to their owners.
 */
export async function startDemo(
  canopy: CanopyApp,
  db: Database,
  fleetSize: number,
  dataDir: string,
): Promise<Demo> {
  const created = !(await accountsRepository(db).findByUsername(DEMO_ACCOUNT.username))
  if (created) {
    await canopy.services.users.register({
      ...DEMO_ACCOUNT,
      confirm_password: DEMO_ACCOUNT.password,
      agreement: true,
      country_code: undefined,
      phone: undefined,
    })
  }
  const operator = new OperatorService({ db })
  for (const product of catalogueEntries()) await operator.saveProduct(product)

  const fleet = await startFleet({
    count: fleetSize,
    seed: 2026,
    telemetryIntervalSeconds: 15,
    failureRate: 0.05,
    applyDelayMs: REALISTIC_APPLY_DELAY_MS,
    upgradeTimings: REALISTIC_UPGRADE_TIMINGS,
    mqttUrl: canopy.gateway.brokerUrl,
    identitiesFile: path.join(dataDir, DEMO_IDENTITIES_FILE),
    provision: (request) => demoRegistration(canopy, request),
  })
  const account = (await accountsRepository(db).findByUsername(DEMO_ACCOUNT.username))!
  const projectIds = await demoProjects(db, account.tenantId)
  const keepUnbound = Math.min(3, Math.ceil(fleet.devices.length / 4))
  const devices = devicesRepository(db)
  for (const [index, device] of fleet.devices.slice(0, fleet.devices.length - keepUnbound).entries()) {
    const row = await devices.findByMac(device.mac)
    if (row && row.tenantId === null) {
      const name = `${device.options.profile.model.split('-')[0]}-${device.mac.replace(/:/g, '').slice(-4)}`
      await devices.bind(row.id, {
        tenantId: account.tenantId,
        projectId: projectIds[index % projectIds.length]!,
        name,
      })
    }
  }
  const unbound = []
  for (const device of fleet.devices.slice(-keepUnbound)) {
    const row = await devices.findByMac(device.mac)
    if (row?.tenantId === null) {
      unbound.push({
        mac: device.mac,
        password: device.options.password,
        model: device.options.profile.model,
      })
    }
  }
  return { created, fleet, unbound }
}

/**
 * Registers a demo device the documented way. A bound one whose identity was lost (no
 * identities file yet, or it was removed) is refused, as any device would be; the demo, operator
 * of its own fleet, then issues its identity as an operator would (`canopy device provision`).
 */
async function demoRegistration(
  canopy: CanopyApp,
  request: RegistrationRequest,
): Promise<RegistrationResponse> {
  const registration = canopy.services.registration
  try {
    return await registration.register(request, '127.0.0.1')
  } catch (error) {
    if (!(error instanceof AppError && error.codes.includes(ErrorCode.DEVICE_ALREADY_BOUND))) throw error
    const { thingName, deviceSecret } = await registration.provision(request.mac)
    return { thingName, deviceSecret, mqtt: registration.brokerAddress('127.0.0.1') }
  }
}

/** The demo's projects: the root and a couple below it (made once). */
async function demoProjects(db: Database, tenantId: number): Promise<number[]> {
  const projects = projectsRepository(db)
  const existing = await projects.listForTenant(tenantId)
  const root = existing.find((project) => project.isDefault)!
  const ids = [root.id]
  for (const name of DEMO_PROJECTS) {
    const found = existing.find((project) => project.name === name && project.parentId === root.id)
    ids.push(found?.id ?? (await projects.insert({ tenantId, parentId: root.id, name, depth: 2 })))
  }
  return ids
}
