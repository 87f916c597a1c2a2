import { ErrorCode } from '@canopy/shared/errors'
import { wanSettings } from '@canopy/shared/validation'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../shared/api'
import { brokenRules, showViolations, violationFields } from './section-rules'

vi.mock('../../../shared/i18n/i18n', () => ({ translateKey: (key: string) => `«${key}»` }))

describe('the shared schema on a form', () => {
  it('names each broken field with the rule’s key, cross-field rules included', () => {
    const pppoe = { username: 'u', timeout: 5 }
    const wrongMtu = brokenRules(wanSettings, { type: 'pppoe', mtu: 1500, vlan: 0, pppoe })
    expect(Object.fromEntries(wrongMtu)).toEqual({ mtu: 'validation.mtu_tips' })
    const wrongVlan = brokenRules(wanSettings, { type: 'pppoe', mtu: 1492, vlan: 2, pppoe })
    expect(Object.fromEntries(wrongVlan)).toEqual({ vlan: 'validation.vlan_tips' })
  })

  it('says "required" rather than zod’s wording for a field left empty', () => {
    const broken = brokenRules(wanSettings, { type: 'dhcp', mtu: undefined, vlan: 0 })
    expect(broken.get('mtu')).toBe('common.required')
  })

  it('passes a valid section', () => {
    expect(brokenRules(wanSettings, { type: 'dhcp', mtu: 1500, vlan: 0 }).size).toBe(0)
  })
})

describe('the server’s refusals on a form', () => {
  const refusal = new ApiError(
    [ErrorCode.INVALID_PARAMETER],
    400,
    {
      violations: [
        { field: 'settings.5g.ssid', rule: 'validation.ssid_length' },
        { field: '5g.channel', rule: 'validation.channel_tips' },
        { field: 'settings.2g.password', rule: 'validation.wifi_pwd_length' },
        { field: 'settings.lan.dns.1', rule: 'validation.dns_tips' },
      ],
    },
    'errors.invalidParameter',
    true,
  )

  it('keeps the ones under the form’s part, named as its fields', () => {
    expect(violationFields(refusal, ['5g'])).toEqual([
      { name: ['ssid'], errors: ['«validation.ssid_length»'] },
      { name: ['channel'], errors: ['«validation.channel_tips»'] },
    ])
    expect(violationFields(refusal, ['lan'])).toEqual([
      { name: ['dns', 1], errors: ['«validation.dns_tips»'] },
    ])
  })

  it('puts them on the form and says whether any concerned it', () => {
    const form = { setFields: vi.fn() }
    expect(showViolations(form, refusal, ['vaps', '1'])).toBe(false)
    expect(showViolations(form, refusal, ['2g'])).toBe(true)
    expect(form.setFields).toHaveBeenLastCalledWith([
      { name: ['password'], errors: ['«validation.wifi_pwd_length»'] },
    ])
    expect(violationFields(new Error('boom'))).toEqual([])
  })
})
