import { type Permission, PRIMARY_GRANTS, permits } from '@canopy/shared/permissions'
import { describe, expect, it } from 'vitest'
import { type DeviceAction, decideBatch, permittedActions } from './batch-rules'

const online = { status: 'online' as const, model: 'CAP-1200' }
const offline = { status: 'offline' as const, model: 'CAP-1200' }
const otherModel = { status: 'online' as const, model: 'CGW-3000' }
const allowed = { allowed: true }
const refused = (reason: string) => ({ allowed: false, reason })

describe('decideBatch (§5 batch rules)', () => {
  it('wants at least one device for every action', () => {
    for (const action of ['move', 'unbind', 'delete', 'reboot', 'wifi', 'timedReboot', 'led'] as const) {
      expect(decideBatch(action, [])).toEqual(refused('devices.list.selectFirst'))
    }
  })

  it('deletes offline devices only, and says why otherwise (§4)', () => {
    expect(decideBatch('delete', [offline, offline])).toEqual(allowed)
    expect(decideBatch('delete', [offline, online])).toEqual(refused('errors.deviceOnline'))
    expect(decideBatch('delete', [online])).toEqual(refused('errors.deviceOnline'))
  })

  it('moves and unbinds online and offline devices of any model alike', () => {
    expect(decideBatch('move', [online, offline, otherModel])).toEqual(allowed)
    expect(decideBatch('unbind', [online])).toEqual(allowed)
  })

  it('reboots online devices only, one or many (§4: offline devices cannot be rebooted)', () => {
    expect(decideBatch('reboot', [online, online, online])).toEqual(allowed)
    expect(decideBatch('reboot', [online, otherModel])).toEqual(allowed)
    expect(decideBatch('reboot', [online, offline, online])).toEqual(refused('errors.deviceOffline'))
    expect(decideBatch('reboot', [offline])).toEqual(refused('errors.deviceOffline'))
  })

  it('sets several devices only when all are online (§4: not set in batch)', () => {
    for (const action of ['wifi', 'timedReboot', 'led'] as const) {
      expect(decideBatch(action, [online, online])).toEqual(allowed)
      expect(decideBatch(action, [online, offline])).toEqual(refused('errors.deviceOffline'))
    }
  })

  it('sets one offline device: the change waits in its shadow until it reconnects', () => {
    for (const action of ['wifi', 'timedReboot', 'led'] as const) {
      expect(decideBatch(action, [offline])).toEqual(allowed)
    }
  })

  it('sets WiFi on devices of one model only; timed reboot and LED on any mix', () => {
    expect(decideBatch('wifi', [online, otherModel])).toEqual(refused('validation.same_model'))
    expect(decideBatch('timedReboot', [online, otherModel])).toEqual(allowed)
    expect(decideBatch('led', [online, otherModel])).toEqual(allowed)
  })

  it('says "offline" before "not one model" when both hold', () => {
    expect(decideBatch('wifi', [offline, otherModel])).toEqual(refused('errors.deviceOffline'))
  })
})

describe('permittedActions (§6)', () => {
  const child = (deviceFunctions: Parameters<typeof permits>[0]['deviceFunctions'], guest = false) => {
    const grants = { primary: false, guest, level: 1, menus: ['home', 'device'] as const, deviceFunctions }
    return (permission: Permission) => permits({ ...grants, menus: [...grants.menus] }, permission)
  }
  const every: DeviceAction[] = ['reboot', 'wifi', 'timedReboot', 'led', 'move', 'unbind', 'delete']

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
  })

  it('offers a guest nothing', () => {
    expect(permittedActions(child(['view', 'edit', 'reboot', 'move', 'unbind', 'delete'], true))).toEqual([])
  })
})
