import { type Grants, type Permission, permits } from '@canopy/shared/permissions'
import { useCallback } from 'react'
import { type CurrentUser, useCurrentUser } from './api'

/** The §6 grants the current-user call reports, in the shape the shared `permits` reads. */
export function grantsOf(user: CurrentUser): Grants {
  return {
    primary: user.is_primary === 1,
    guest: user.guest === 1,
    level: user.level,
    menus: user.menus,
    deviceFunctions: user.device_functions,
  }
}

/**
 * Whether the signed-in user may do something: buttons the server would refuse are hidden.
 * The server stays the authority; until the user is known, nothing is permitted.
 *
 *   const permitted = usePermits()
 *   permitted(can.operate('project'))
 */
export function usePermits(): (permission: Permission) => boolean {
  const { data: user } = useCurrentUser()
  return useCallback((permission: Permission) => (user ? permits(grantsOf(user), permission) : false), [user])
}
