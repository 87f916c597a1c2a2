import { describe, expect, it } from 'vitest'
import { ACTION_PERMISSIONS, type DeviceAction, decideBatch, decideBind } from './batch-rules'
import { ErrorCode } from './errors'
import { devicesCatalogues } from './i18n/devices'
import { enUS } from './i18n/en-us'
import { can, type Permission, PRIMARY_GRANTS, permits } from './permissions'

const online = { status: 'online', model: 'CAP-1200' }
const offline = { status: 'offline', model: 'CAP-1200' }
const otherModel = { status: 'online', model: 'CGW-3000' }
const everything = (permission: Permission) => permits(PRIMARY_GRANTS, permission)
const decide = (action: DeviceAction, devices: Array<typeof online>) =>
  decideBatch(action, devices, everything)

const allowed = { allowed: true }
/** An offline device refused, said of the action (the §8 code stays the server's). */
const offlineRefusal = (reason: string) => ({ allowed: false, code: ErrorCode.DEVICE_OFFLINE, reason })
const batchOffline = offlineRefusal('devices.refusals.offlineInBatch')
const onlineRefusal = {
  allowed: false,
  code: ErrorCode.DEVICE_ONLINE,
  reason: 'devices.refusals.onlineDelete',
}
const modelRefusal = {
  allowed: false,
  code: ErrorCode.INVALID_PARAMETER,
  reason: 'validation.same_model',
  violation: { field: 'ids', rule: 'validation.same_model' },
}
const ACTIONS = Object.keys(ACTION_PERMISSIONS) as DeviceAction[]
const SETTINGS: DeviceAction[] = ['wifi', 'timedReboot', 'led', 'settings']

describe('decideBatch (§5 batch rules, §4 states)', () => {
  it('wants at least one device for every action, as the server schemas do', () => {
    for (const action of ACTIONS) {
      expect(decide(action, [])).toEqual({
        allowed: false,
        code: ErrorCode.INVALID_PARAMETER,
        reason: 'devices.list.selectFirst',
        violation: { field: 'ids', rule: 'validation.select_one' },
      })
    }
  })

  it('deletes offline devices only, one or many (§4: online devices cannot be deleted)', () => {
    expect(decide('delete', [offline])).toEqual(allowed)
    expect(decide('delete', [offline, offline, { ...offline, model: 'CGW-3000' }])).toEqual(allowed)
    expect(decide('delete', [online])).toEqual(onlineRefusal)
    expect(decide('delete', [offline, offline, online])).toEqual(onlineRefusal)
  })

  it('applies a template to online devices only, even one (§4: offline devices cannot be downloaded to); WiFi to one model', () => {
    const deviceOffline = offlineRefusal('errors.deviceOffline')
    expect(decide('applyTemplate', [online, otherModel])).toEqual(allowed)
    expect(decide('applyTemplate', [offline])).toEqual(deviceOffline)
    expect(decide('applyTemplateWifi', [online, online])).toEqual(allowed)
    expect(decide('applyTemplateWifi', [online, offline])).toEqual(deviceOffline)
    expect(decide('applyTemplateWifi', [online, otherModel])).toEqual(modelRefusal)
  })

  it('moves and unbinds online and offline devices of any model alike', () => {
    for (const action of ['move', 'unbind'] as const) {
      expect(decide(action, [online, offline, otherModel])).toEqual(allowed)
      expect(decide(action, [offline])).toEqual(allowed)
    }
  })

  it('reboots and asks online devices only, even one (§4: offline devices cannot be rebooted)', () => {
    const reasons = { reboot: 'devices.refusals.offlineReboot', ask: 'devices.refusals.offlineAsk' }
    for (const action of ['reboot', 'ask'] as const) {
      expect(decide(action, [online])).toEqual(allowed)
      expect(decide(action, [online, otherModel, online])).toEqual(allowed)
      expect(decide(action, [offline])).toEqual(offlineRefusal(reasons[action]))
      expect(decide(action, [online, online, offline])).toEqual(offlineRefusal(reasons[action]))
    }
  })

  it('sets one offline device (the change waits in its shadow), several only when all are online', () => {
    for (const action of SETTINGS) {
      expect(decide(action, [offline]), action).toEqual(allowed)
      expect(decide(action, [online, online]), action).toEqual(allowed)
      expect(decide(action, [online, offline]), action).toEqual(batchOffline)
    }
  })

  it('sets WiFi on devices of one model only; other settings on any mix', () => {
    expect(decide('wifi', [online, otherModel])).toEqual(modelRefusal)
    expect(decide('wifi', [online, { ...online }, { ...online }])).toEqual(allowed)
    for (const action of ['timedReboot', 'led', 'settings'] as const) {
      expect(decide(action, [online, otherModel]), action).toEqual(allowed)
    }
  })

  it('takes any value naming the model (the server passes product ids)', () => {
    expect(
      decideBatch(
        'wifi',
        [
          { status: 'online', model: 7 },
          { status: 'online', model: 7 },
        ],
        everything,
      ),
    ).toEqual(allowed)
    expect(
      decideBatch(
        'wifi',
        [
          { status: 'online', model: 7 },
          { status: 'online', model: 8 },
        ],
        everything,
      ),
    ).toEqual(modelRefusal)
  })

  it('counts any status but "online" as offline', () => {
    expect(decide('reboot', [{ ...online, status: 'unknown' }])).toEqual(
      offlineRefusal('devices.refusals.offlineReboot'),
    )
    expect(decide('delete', [{ ...online, status: 'unknown' }])).toEqual(allowed)
  })

  it('checks in the server order: permission, then the selection, then offline, then the model', () => {
    const nothing = () => false
    expect(decideBatch('wifi', [], nothing)).toMatchObject({ code: ErrorCode.NO_PERMISSION })
    expect(decideBatch('wifi', [offline, otherModel], nothing)).toEqual({
      allowed: false,
      code: ErrorCode.NO_PERMISSION,
      reason: 'errors.noPermission',
    })
    expect(decide('wifi', [offline, otherModel])).toEqual(batchOffline)
  })

  it("asks for the action's own permission, and only that one", () => {
    for (const action of ACTIONS) {
      const only = (permission: Permission) =>
        JSON.stringify(permission) === JSON.stringify(ACTION_PERMISSIONS[action])
      const devices = [action === 'delete' ? offline : online]
      expect(decideBatch(action, devices, only), action).toEqual(allowed)
      const allBut = (permission: Permission) => !only(permission)
      expect(decideBatch(action, devices, allBut), action).toMatchObject({ code: ErrorCode.NO_PERMISSION })
    }
  })
})

describe('ACTION_PERMISSIONS (§6, as the routes declare them)', () => {
  it('maps each action to the device function its calls need', () => {
    expect(ACTION_PERMISSIONS).toEqual({
      move: can.device('move'),
      unbind: can.device('unbind'),
      delete: can.device('delete'),
      reboot: can.device('reboot'),
      timedReboot: can.device('reboot'),
      wifi: can.device('edit'),
      led: can.device('edit'),
      settings: can.device('edit'),
      ask: can.device('view'),
      upgrade: can.device('upgrade'),
      applyTemplate: can.device('edit'),
      applyTemplateWifi: can.device('edit'),
      backup: can.device('backup'),
      restore: can.device('backup'),
    })
  })

  it('refuses a guest every action but asking the device (view)', () => {
    const guest = {
      primary: false,
      guest: true,
      level: 1,
      menus: ['home', 'device'] as const,
      deviceFunctions: ['view', 'edit', 'reboot', 'move', 'unbind', 'delete'] as const,
    }
    const permitted = (permission: Permission) =>
      permits({ ...guest, menus: [...guest.menus], deviceFunctions: [...guest.deviceFunctions] }, permission)
    const refused = ACTIONS.filter((action) => !decideBatch(action, [online], permitted).allowed)
    expect(refused).toEqual(ACTIONS.filter((action) => action !== 'ask'))
  })
})

describe('decideBind (§2 bind dialog)', () => {
  it('binds with the bind function and a project to bind into', () => {
    expect(decideBind(1, everything)).toEqual(allowed)
    expect(decideBind(0, everything)).toEqual({
      allowed: false,
      code: ErrorCode.NO_PERMISSION,
      reason: 'devices.refusals.noProject',
    })
    expect(decideBind(3, () => false)).toMatchObject({
      code: ErrorCode.NO_PERMISSION,
      reason: 'errors.noPermission',
    })
  })
})

describe('every reason the rules give', () => {
  /** A message key's English text, in the core catalogue or the device pages' one. */
  const textOf = (key: string) =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        key.startsWith('devices.') ? devicesCatalogues['en-us'] : enUS,
      )

  it('names a message the console has', () => {
    const reasons = new Set<string>()
    const devices = [online, offline, otherModel, { ...offline, model: 'CGW-3000' }]
    const selections = [
      [],
      ...devices.map((device) => [device]),
      devices,
      [online, otherModel],
      [online, offline],
    ]
    for (const action of ACTIONS)
      for (const selection of selections)
        for (const permitted of [everything, () => false]) {
          const decision = decideBatch(action, selection, permitted)
          if (!decision.allowed) reasons.add(decision.reason)
        }
    for (const projects of [0, 1]) {
      const decision = decideBind(projects, everything)
      if (!decision.allowed) reasons.add(decision.reason)
    }
    expect(reasons.size).toBeGreaterThanOrEqual(8)
    for (const reason of reasons) expect(typeof textOf(reason), reason).toBe('string')
  })
})
