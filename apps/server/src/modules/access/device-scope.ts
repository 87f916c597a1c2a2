import type { Principal } from '../auth/principal'
import type { DeviceVisibility } from '../devices/devices.repository'
import type { ProjectScope } from './project-scope'

/** The devices a caller may see: its tenant's, or those of its projects and role devices. */
export function deviceVisibility(principal: Principal, scope: ProjectScope): DeviceVisibility {
  const tenantId = principal.account.tenantId
  if (principal.access.projectRoots === 'all') return { kind: 'tenant', tenantId }
  return {
    kind: 'scoped',
    tenantId,
    projectIds: [...scope.visible],
    deviceIds: [...principal.access.deviceIds],
  }
}
