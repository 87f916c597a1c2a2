import { wifiSettings } from '@canopy/shared/validation'
import { describe, expect, it } from 'vitest'
import { initialForm, passwordRequired, radioTemplate, wifiBatchSettings } from './wifi-batch'

const option2g = { band: '2g' as const, channels: [1, 6, 11], bandwidths: ['20', '40'], maxUsers: 64 }
const option5g = { band: '5g' as const, channels: [36, 40], bandwidths: ['20', '40', '80'], maxUsers: 128 }
const encryptions = ['none', 'wpa2-psk', 'wpa3-sae']
const reported = {
  '2g': {
    enabled: true,
    ssid: 'Office',
    hidden: false,
    channel: 6,
    bandwidth: '40',
    encryption: 'wpa2-psk',
    passwordHash: 'sha256:…',
    power: 75,
    beacon: 200,
    fragmentation: 2000,
    rts: 2000,
    shortGi: false,
    maxUsers: 50,
    isolation: true,
  },
}

describe('the batch WiFi template', () => {
  it("takes the template device's radio, without its secret, and makes the channel automatic", () => {
    const radio = radioTemplate(reported, option2g, encryptions)
    expect(radio).toEqual({ ...reported['2g'], channel: 0, passwordHash: undefined })
    expect(radio).not.toHaveProperty('passwordHash')
  })

  it("fills what the device has not reported with the model's defaults", () => {
    expect(radioTemplate({}, option5g, encryptions)).toMatchObject({
      enabled: true,
      ssid: '',
      channel: 0,
      bandwidth: '20',
      encryption: 'wpa3-sae',
      power: 100,
      maxUsers: 128,
    })
  })

  it("keeps the model's limits: an unknown bandwidth or too many users fall back", () => {
    const odd = { '2g': { ...reported['2g'], bandwidth: '160', maxUsers: 500, encryption: 'wep' } }
    expect(radioTemplate(odd, option2g, encryptions)).toMatchObject({
      bandwidth: '20',
      maxUsers: 64,
      encryption: 'wpa3-sae',
    })
  })
})

describe('the setwifis settings', () => {
  const templates = {
    '2g': radioTemplate(reported, option2g, encryptions),
    '5g': radioTemplate({}, option5g, encryptions),
  }

  it('send only the ticked radios, whole, and pass the shared wifiSettings rule', () => {
    const form = initialForm(templates)
    form['2g'] = { ...form['2g']!, change: true, ssid: 'Lobby', password: 'new-secret-1', channel: 11 }
    const settings = wifiBatchSettings(form, templates)
    expect(Object.keys(settings)).toEqual(['2g'])
    expect(settings['2g']).toMatchObject({
      ssid: 'Lobby',
      password: 'new-secret-1',
      channel: 11,
      beacon: 200,
    })
    expect(settings['2g']).not.toHaveProperty('change')
    expect(wifiSettings.safeParse(settings).success).toBe(true)
  })

  it('leave an empty password out, so each device keeps its own; an open network gets none', () => {
    const form = initialForm(templates)
    form['2g'] = { ...form['2g']!, change: true }
    expect(wifiBatchSettings(form, templates)['2g']).not.toHaveProperty('password')
    form['2g'] = { ...form['2g']!, encryption: 'none', password: 'ignored-1' }
    expect(wifiBatchSettings(form, templates)['2g']).not.toHaveProperty('password')
  })

  it('fail the shared rule where the dialog does (an SSID over 32 bytes)', () => {
    const form = initialForm(templates)
    form['5g'] = { ...form['5g']!, change: true, ssid: '无'.repeat(11) }
    const parsed = wifiSettings.safeParse(wifiBatchSettings(form, templates))
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['5g', 'ssid'], message: 'validation.ssid_length' })
  })

  it('need a password only when the encryption changes to one with a key', () => {
    const template = templates['2g']
    expect(passwordRequired({ encryption: 'wpa2-psk' }, template)).toBe(false)
    expect(passwordRequired({ encryption: 'wpa3-sae' }, template)).toBe(true)
    expect(passwordRequired({ encryption: 'none' }, template)).toBe(false)
  })
})
