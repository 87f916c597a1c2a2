import { templateSettings } from '@canopy/shared/validation'
import { describe, expect, it } from 'vitest'
import { formOf, settingsOf } from './template-form'

describe('the template dialog', () => {
  it('sets only what is ticked, and a new radio passes the shared rule with its defaults', () => {
    const form = formOf()
    expect(settingsOf(form)).toEqual({})
    form.setLed = true
    form.led = false
    form.radios['2g'] = {
      set: true,
      ssid: 'Shop',
      hidden: false,
      encryption: 'wpa2-psk',
      password: 'goodpass1',
    }
    const settings = settingsOf(form)
    expect(settings.system).toEqual({ led: false })
    expect(settings.wifi?.['2g']).toMatchObject({ ssid: 'Shop', channel: 0, password: 'goodpass1' })
    expect(templateSettings.safeParse(settings).success).toBe(true)
  })

  it('keeps what the template sets beyond the dialog: a radio’s channel, the virtual APs, the mode', () => {
    const vap = {
      enabled: true,
      band: '2g' as const,
      ssid: 'Guest',
      hidden: false,
      maxUsers: 8,
      isolation: true,
      vlan: 0,
      encryption: 'none' as const,
    }
    const base = {
      system: { mode: 'ap' as const, led: true },
      wifi: {
        '2g': {
          ...settingsOf({
            ...formOf(),
            radios: { ...formOf().radios, '2g': { set: true, ssid: 'A', hidden: false, encryption: 'none' } },
          }).wifi!['2g']!,
          channel: 6,
        },
        vaps: { '1': vap },
      },
    }
    const form = formOf({ name: 'Shop', settings: base })
    expect(form.radios['2g']).toMatchObject({ set: true, ssid: 'A' })
    form.radios['2g'].ssid = 'B'
    form.setLed = false
    const settings = settingsOf(form, base)
    expect(settings.system).toEqual({ mode: 'ap' })
    expect(settings.wifi).toMatchObject({ '2g': { ssid: 'B', channel: 6 }, vaps: { '1': vap } })
    // An empty password keeps the template's: it is not sent.
    expect(settings.wifi?.['2g']).not.toHaveProperty('password')
  })

  it('sets each virtual AP when ticked, with the device settings’ fields; unticked, the template drops it', () => {
    const form = formOf()
    expect(form.vaps['2']).toMatchObject({ set: false, enabled: true, encryption: 'none', vlan: 0 })
    form.vaps['2'] = {
      ...form.vaps['2'],
      set: true,
      ssid: 'Guest',
      encryption: 'wpa2-psk',
      password: 'guestpass1',
      vlan: 30,
    }
    const settings = settingsOf(form)
    expect(settings.wifi?.vaps).toEqual({
      '2': {
        enabled: true,
        band: '2g',
        ssid: 'Guest',
        hidden: false,
        encryption: 'wpa2-psk',
        password: 'guestpass1',
        maxUsers: 32,
        isolation: true,
        vlan: 30,
      },
    })
    expect(templateSettings.safeParse(settings).success).toBe(true)

    // Opened again: the AP is ticked, its password not shown; unticked, it is gone.
    const again = formOf({ name: 'Shop', settings })
    expect(again.vaps['2']).toMatchObject({ set: true, ssid: 'Guest', vlan: 30 })
    expect(again.vaps['2'].password).toBeUndefined()
    again.vaps['2'].set = false
    again.setLed = true
    expect(settingsOf(again, settings).wifi).toBeUndefined()
  })
})
