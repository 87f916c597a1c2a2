import { describe, expect, it } from 'vitest'
import {
  ADMINISTRATOR_LEVEL,
  can,
  DEVICE_FUNCTIONS,
  type Grants,
  guestMay,
  keepsAdminCapabilities,
  MENU_SECTIONS,
  OPERATOR_LEVEL,
  PRIMARY_GRANTS,
  PRIMARY_LEVEL,
  permits,
} from './permissions'

/** A child account (administrator unless told) granted what the test names. */
function child(grants: Partial<Grants> = {}): Grants {
  return {
    primary: false,
    guest: false,
    level: ADMINISTRATOR_LEVEL,
    menus: ['home'],
    deviceFunctions: [],
    ...grants,
  }
}

describe('permits (§6)', () => {
  it('lets a primary account do everything, at its level 0', () => {
    expect(PRIMARY_GRANTS.level).toBe(PRIMARY_LEVEL)
    expect(permits(PRIMARY_GRANTS, can.primary)).toBe(true)
    expect(permits(PRIMARY_GRANTS, can.anyone)).toBe(true)
    for (const section of MENU_SECTIONS) {
      expect(permits(PRIMARY_GRANTS, can.view(section))).toBe(true)
      expect(permits(PRIMARY_GRANTS, can.operate(section))).toBe(true)
    }
    for (const fn of DEVICE_FUNCTIONS) expect(permits(PRIMARY_GRANTS, can.device(fn))).toBe(true)
  })

  it('lets any child act about itself, and never as the primary account', () => {
    const grants = child({ menus: [...MENU_SECTIONS], deviceFunctions: [...DEVICE_FUNCTIONS] })
    expect(permits(grants, can.anyone)).toBe(true)
    expect(permits(grants, can.primary)).toBe(false)
  })

  it('grants a child the sections its roles name, to view and to operate', () => {
    const grants = child({ menus: ['home', 'project'] })
    expect(permits(grants, can.view('project'))).toBe(true)
    expect(permits(grants, can.operate('project'))).toBe(true)
    expect(permits(grants, can.view('maintain'))).toBe(false)
    expect(permits(grants, can.operate('auth'))).toBe(false)
  })

  it('grants the device functions its roles name, and no other', () => {
    const grants = child({ menus: ['home', 'device'], deviceFunctions: ['view', 'reboot'] })
    expect(permits(grants, can.device('view'))).toBe(true)
    expect(permits(grants, can.device('reboot'))).toBe(true)
    expect(permits(grants, can.device('unbind'))).toBe(false)
    expect(permits(grants, can.device('move'))).toBe(false)
  })

  it('refuses a device function when the device section is not granted', () => {
    const grants = child({ menus: ['home', 'project'], deviceFunctions: [...DEVICE_FUNCTIONS] })
    for (const fn of DEVICE_FUNCTIONS) expect(permits(grants, can.device(fn))).toBe(false)
  })

  it('lets a guest look but not operate: viewing only, no move between projects', () => {
    const grants = child({
      guest: true,
      menus: ['home', 'device', 'project'],
      // A guest account may also hold a regular role: the guest rule still wins.
      deviceFunctions: [...DEVICE_FUNCTIONS],
    })
    expect(permits(grants, can.view('project'))).toBe(true)
    expect(permits(grants, can.operate('project'))).toBe(false)
    expect(permits(grants, can.device('view'))).toBe(true)
    expect(permits(grants, can.device('move'))).toBe(false)
    expect(permits(grants, can.device('reboot'))).toBe(false)
    expect(DEVICE_FUNCTIONS.filter(guestMay)).toEqual(['view'])
  })

  it('takes upgrade away from level 1 (operator) and leaves it to level 2 (administrator)', () => {
    const granted = { menus: ['home', 'device'] as const, deviceFunctions: [...DEVICE_FUNCTIONS] }
    const operator = child({ ...granted, level: OPERATOR_LEVEL })
    const administrator = child({ ...granted, level: ADMINISTRATOR_LEVEL })
    expect(permits(operator, can.device('upgrade'))).toBe(false)
    expect(permits(administrator, can.device('upgrade'))).toBe(true)
    // Only the admin-only capabilities go: the operator keeps the rest.
    expect(permits(operator, can.device('reboot'))).toBe(true)
    expect(permits(operator, can.device('backup'))).toBe(true)
    expect(keepsAdminCapabilities(OPERATOR_LEVEL)).toBe(false)
    expect(keepsAdminCapabilities(ADMINISTRATOR_LEVEL)).toBe(true)
    expect(keepsAdminCapabilities(PRIMARY_LEVEL)).toBe(true)
  })

  it('takes template management away from level 1 and from guests, and needs the maintain section', () => {
    const granted = { menus: ['maintain'] as const, deviceFunctions: [...DEVICE_FUNCTIONS] }
    expect(permits(child({ ...granted, level: OPERATOR_LEVEL }), can.manageTemplates)).toBe(false)
    expect(permits(child({ ...granted, level: ADMINISTRATOR_LEVEL }), can.manageTemplates)).toBe(true)
    expect(permits(child({ ...granted, guest: true }), can.manageTemplates)).toBe(false)
    expect(permits(child({ menus: ['device'] }), can.manageTemplates)).toBe(false)
    expect(permits(PRIMARY_GRANTS, can.manageTemplates)).toBe(true)
    // The operator keeps the maintain section itself (the logs).
    expect(permits(child({ ...granted, level: OPERATOR_LEVEL }), can.view('maintain'))).toBe(true)
  })
})
