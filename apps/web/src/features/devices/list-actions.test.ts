import { type Permission, PRIMARY_GRANTS, permits } from '@canopy/shared/permissions'
import { describe, expect, it } from 'vitest'
import { type DeviceAction, permittedActions } from './list-actions'

describe('permittedActions (§6)', () => {
  const child = (deviceFunctions: Parameters<typeof permits>[0]['deviceFunctions'], guest = false) => {
    const grants = { primary: false, guest, level: 1, menus: ['home', 'device'] as const, deviceFunctions }
    return (permission: Permission) => permits({ ...grants, menus: [...grants.menus] }, permission)
  }
  const every: DeviceAction[] = [
    'reboot',
    'wifi',
    'timedReboot',
    'led',
    'upgrade',
    'move',
    'unbind',
    'delete',
  ]

  it('offers the primary every action', () => {
    expect(permittedActions((permission) => permits(PRIMARY_GRANTS, permission))).toEqual(every)
  })

  it('offers a child only the functions its roles grant, as the server checks them', () => {
    expect(permittedActions(child(['view', 'move']))).toEqual(['move'])
    expect(permittedActions(child(['view', 'unbind', 'delete']))).toEqual(['unbind', 'delete'])
    // reboot and timed reboot need "reboot"; WiFi and LED are settings ("edit")
    expect(permittedActions(child(['view', 'reboot']))).toEqual(['reboot', 'timedReboot'])
    expect(permittedActions(child(['view', 'edit']))).toEqual(['wifi', 'led'])
    expect(permittedActions(child(['view']))).toEqual([])
    // upgrade is admin-only (§6): a level-1 child is never offered it, even when its role has it
    expect(permittedActions(child(['view', 'upgrade']))).toEqual([])
  })

  it('offers a guest nothing', () => {
    expect(permittedActions(child(['view', 'edit', 'reboot', 'move', 'unbind', 'delete'], true))).toEqual([])
  })
})
