import {
  type DeviceFunction,
  type Grants,
  type MenuSection,
  PRIMARY_GRANTS,
} from '@canopy/shared/permissions'
import type { Executor } from '../../db/client'
import type { AccountSnapshot } from '../auth/principal'
import { rolesRepository } from '../roles/roles.repository'

/** What an account may do (§6), and over which projects. */
export interface AccessGrants extends Grants {
  /** the projects granted with their sub-projects; 'all' for the primary account */
  readonly projectRoots: 'all' | readonly number[]
  /** devices a child's roles manage one by one, beside their projects */
  readonly deviceIds: readonly number[]
  readonly roleNames: readonly string[]
}

const PRIMARY_ACCESS: AccessGrants = { ...PRIMARY_GRANTS, projectRoots: 'all', deviceIds: [], roleNames: [] }

/**
 * A child account may do what the union of its roles grants. Home is every account's landing
 * page, so it is always granted. One guest role makes the account a guest (§6).
 */
export async function loadGrants(db: Executor, account: AccountSnapshot): Promise<AccessGrants> {
  if (account.isPrimary) return PRIMARY_ACCESS
  const roles = await rolesRepository(db).forAccount(account.id)
  const menus = new Set<MenuSection>(['home'])
  const deviceFunctions = new Set<DeviceFunction>()
  const projectRoots = new Set<number>()
  const deviceIds = new Set<number>()
  for (const role of roles) {
    for (const menu of role.menus) menus.add(menu as MenuSection)
    for (const fn of role.deviceFunctions) deviceFunctions.add(fn as DeviceFunction)
    for (const projectId of role.projectIds) projectRoots.add(projectId)
    for (const device of role.devices) deviceIds.add(device.id)
  }
  return {
    primary: false,
    guest: roles.some((role) => role.isGuest),
    level: account.level,
    menus: [...menus],
    deviceFunctions: [...deviceFunctions],
    projectRoots: [...projectRoots],
    deviceIds: [...deviceIds],
    roleNames: roles.map((role) => role.name),
  }
}
