import { type Permission, PRIMARY_GRANTS, permits } from '@canopy/shared/permissions'
import { describe, expect, it } from 'vitest'
import { decideBatch, permittedActions } from './batch-rules'

const online = { status: 'online' as const }
const offline = { status: 'offline' as const }

describe('decideBatch (§5 batch rules)', () => {
  it('wants at least one device for every action', () => {
    for (const action of ['move', 'unbind', 'delete'] as const) {
      expect(decideBatch(action, [])).toEqual({ allowed: false, reason: 'devices.list.selectFirst' })
    }
  })

  it('deletes offline devices only, and says why otherwise (§4)', () => {
    expect(decideBatch('delete', [offline, offline])).toEqual({ allowed: true })
    expect(decideBatch('delete', [offline, online])).toEqual({
      allowed: false,
      reason: 'errors.deviceOnline',
    })
    expect(decideBatch('delete', [online])).toEqual({ allowed: false, reason: 'errors.deviceOnline' })
  })

  it('moves and unbinds online and offline devices alike', () => {
    expect(decideBatch('move', [online, offline])).toEqual({ allowed: true })
    expect(decideBatch('unbind', [online])).toEqual({ allowed: true })
  })
})

describe('permittedActions (§6)', () => {
  const child = (deviceFunctions: Parameters<typeof permits>[0]['deviceFunctions'], guest = false) => {
    const grants = { primary: false, guest, level: 1, menus: ['home', 'device'] as const, deviceFunctions }
    return (permission: Permission) => permits({ ...grants, menus: [...grants.menus] }, permission)
  }

  it('offers the primary every action', () => {
    expect(permittedActions((permission) => permits(PRIMARY_GRANTS, permission))).toEqual([
      'move',
      'unbind',
      'delete',
    ])
  })

  it('offers a child only the functions its roles grant', () => {
    expect(permittedActions(child(['view', 'move']))).toEqual(['move'])
    expect(permittedActions(child(['view', 'unbind', 'delete']))).toEqual(['unbind', 'delete'])
    expect(permittedActions(child(['view']))).toEqual([])
  })

  it('offers a guest nothing', () => {
    expect(permittedActions(child(['view', 'move', 'unbind', 'delete'], true))).toEqual([])
  })
})
