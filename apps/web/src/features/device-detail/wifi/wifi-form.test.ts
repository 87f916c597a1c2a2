import type { WifiOptions } from '@canopy/shared/protocol'
import { radioSettings, vapSettings } from '@canopy/shared/validation'
import { describe, expect, it } from 'vitest'
import {
  maxUsersRuleProblem,
  newSecretProblem,
  type RadioFormValues,
  radioFormValues,
  radioRequest,
  toRadioSettings,
  vapFormValues,
  vapRequest,
} from './wifi-form'

const fiveG = { band: '5g' as const, channels: [36, 44, 149], bandwidths: ['20', '40', '80'], maxUsers: 128 }
const options: WifiOptions = {
  region: 'CN',
  radios: [{ band: '2g', channels: [1, 6, 11], bandwidths: ['20', '40'], maxUsers: 64 }, fiveG],
  vaps: 3,
  encryptions: ['none', 'wpa2-psk'],
  powers: [100, 75, 50, 25, 12],
}
const reported5g = {
  enabled: true,
  ssid: 'Canopy-5G-AB12',
  hidden: false,
  channel: 44,
  bandwidth: '80',
  encryption: 'wpa2-psk',
  power: 100,
  beacon: 100,
  fragmentation: 2346,
  rts: 2347,
  shortGi: true,
  maxUsers: 128,
  isolation: false,
}

describe('the radio form', () => {
  it('starts from what the device reports, with an empty password', () => {
    const values = radioFormValues(reported5g, fiveG)
    expect(values).toMatchObject({ ssid: 'Canopy-5G-AB12', channel: 44, bandwidth: '80' })
    expect(values.password).toBeUndefined()
  })

  it('fills what the device does not report with defaults the schema accepts', () => {
    const values = radioFormValues({ ssid: 'X' }, fiveG)
    expect(radioSettings.safeParse(toRadioSettings(values)).success).toBe(true)
  })

  it('sends the password only when one is typed', () => {
    const values: RadioFormValues = { ...radioFormValues(reported5g, fiveG), ssid: ' Office-5G ' }
    expect(radioRequest('5g', values)).toEqual({ '5g': { ...reported5g, ssid: 'Office-5G' } })
    expect(radioRequest('5g', { ...values, password: 'new-secret-55' })['5g']).toMatchObject({
      ssid: 'Office-5G',
      password: 'new-secret-55',
    })
  })

  it('never sends a password for an open network', () => {
    const open = { ...radioFormValues(reported5g, fiveG), encryption: 'none' as const, password: 'left-over' }
    expect(toRadioSettings(open)).not.toHaveProperty('password')
  })

  it('leaves empty numbers empty, so the schema reports them', () => {
    const settings = toRadioSettings({ ...radioFormValues(reported5g, fiveG), beacon: null })
    expect(settings.beacon).toBeUndefined()
    expect(radioSettings.safeParse(settings).success).toBe(false)
  })
})

describe('a virtual AP', () => {
  it('the device lacks starts off and open, on the first radio', () => {
    const values = vapFormValues(undefined, options)
    expect(values).toMatchObject({ enabled: false, band: '2g', encryption: 'none', vlan: 0 })
    // It needs its SSID before it can be saved.
    expect(vapSettings.safeParse(vapRequest('2', values).vaps?.['2']).success).toBe(false)
  })

  it('goes under its slot', () => {
    const values = { ...vapFormValues(undefined, options), ssid: 'Guest', enabled: true }
    expect(vapRequest('3', values)).toEqual({
      vaps: {
        '3': {
          enabled: true,
          band: '2g',
          ssid: 'Guest',
          hidden: false,
          encryption: 'none',
          maxUsers: 32,
          isolation: true,
          vlan: 0,
        },
      },
    })
  })
})

describe('a new password', () => {
  it('is needed when the encryption changes or the network is new', () => {
    expect(newSecretProblem('none', 'wpa2-psk', undefined)).toBe('validation.pwd_empty')
    expect(newSecretProblem(undefined, 'wpa2-psk', 'short')).toBe('validation.wifi_pwd_length')
    expect(newSecretProblem('wpa2-psk', 'wep', 'abcdefgh')).toBe('validation.wep_length')
    expect(newSecretProblem('none', 'wpa2-psk', 'long-enough')).toBeUndefined()
  })

  it('is not needed to keep the encryption, or for an open network', () => {
    expect(newSecretProblem('wpa2-psk', 'wpa2-psk', undefined)).toBeUndefined()
    expect(newSecretProblem(undefined, 'none', undefined)).toBeUndefined()
  })
})

describe('max users', () => {
  it('stays within the model’s bound for the band', () => {
    expect(maxUsersRuleProblem(128, 128)).toBeUndefined()
    expect(maxUsersRuleProblem(129, 128)).toBe('validation.max_users_tips')
    expect(maxUsersRuleProblem(null, 128)).toBeUndefined()
  })
})
