import { can, permits } from '@canopy/shared/permissions'
import { describe, expect, it } from 'vitest'
import type { CurrentUser } from './api'
import { grantsOf } from './grants'

const primary: CurrentUser = {
  uid: 1,
  name: 'boss',
  username: 'boss',
  level: 0,
  is_primary: 1,
  is_master: 1,
  bindWechat: 0,
  roles: [],
  menus: ['home', 'device', 'project', 'maintain', 'auth'],
  device_functions: [
    'view',
    'bind',
    'edit',
    'reboot',
    'upgrade',
    'backup',
    'portal',
    'move',
    'unbind',
    'delete',
  ],
  guest: 0,
}
const operator: CurrentUser = {
  ...primary,
  uid: 2,
  level: 1,
  is_primary: 0,
  is_master: 0,
  roles: ['Shops'],
  menus: ['home', 'project'],
  device_functions: ['view'],
}

describe('grantsOf', () => {
  it('lets a primary account do everything, the account list included', () => {
    const grants = grantsOf(primary)
    expect(grants.primary).toBe(true)
    expect(permits(grants, can.primary)).toBe(true)
    expect(permits(grants, can.operate('project'))).toBe(true)
  })

  it('gives a child what its roles grant, and nothing of the primary’s', () => {
    const grants = grantsOf(operator)
    expect(grants).toEqual({
      primary: false,
      guest: false,
      level: 1,
      menus: ['home', 'project'],
      deviceFunctions: ['view'],
    })
    expect(permits(grants, can.operate('project'))).toBe(true)
    expect(permits(grants, can.view('maintain'))).toBe(false)
    expect(permits(grants, can.primary)).toBe(false)
  })

  it('lets a guest look at projects but not change them', () => {
    const grants = grantsOf({ ...operator, guest: 1 })
    expect(permits(grants, can.view('project'))).toBe(true)
    expect(permits(grants, can.operate('project'))).toBe(false)
  })
})
