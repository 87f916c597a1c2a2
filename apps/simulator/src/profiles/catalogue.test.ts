import { DEVICE_TYPES } from '@canopy/shared/protocol'
import { describe, expect, it } from 'vitest'
import { catalogueEntries, PROFILES, productOptionsOf } from './catalogue'

describe('the virtual products', () => {
  it('have every device type, each with at least two models', () => {
    for (const type of DEVICE_TYPES) {
      const models = PROFILES.filter((profile) => profile.type === type).map((profile) => profile.model)
      expect(models.length, type).toBeGreaterThanOrEqual(2)
    }
  })

  it('keep the first five in their order (fleets deal models out in order; test worlds count on it)', () => {
    expect(PROFILES.slice(0, 5).map((profile) => profile.model)).toEqual([
      'CAP-1200',
      'CAP-3000',
      'CGW-500',
      'CRP-300',
      'C4G-100',
    ])
  })

  it('have their own model, MAC prefix and product key, the prefixes locally administered', () => {
    for (const key of ['model', 'macPrefix', 'productKey'] as const)
      expect(new Set(PROFILES.map((profile) => profile[key])).size, key).toBe(PROFILES.length)
    for (const profile of PROFILES) {
      expect(profile.macPrefix).toMatch(/^[0-9A-F]{2}:[0-9A-F]{2}:[0-9A-F]{2}$/)
      expect(Number.parseInt(profile.macPrefix.slice(0, 2), 16) & 0b11, profile.model).toBe(0b10)
    }
  })

  it('give 4G routers a modem, and only them', () => {
    for (const profile of PROFILES) {
      const router = profile.type === 'router4g'
      expect(Boolean(profile.lte), profile.model).toBe(router)
      expect(profile.capabilities.includes('lte'), profile.model).toBe(router)
    }
    const modules = PROFILES.flatMap((profile) => (profile.lte ? [profile.lte.module] : []))
    expect(new Set(modules).size).toBeGreaterThan(1)
  })

  it('upgrade their firmware, all but one legacy model kept to show the refusal', () => {
    const without = PROFILES.filter((profile) => !profile.capabilities.includes('upgrade'))
    expect(without.map((profile) => profile.model)).toEqual(['CAP-300'])
  })

  it('import as catalogue entries whose options follow each model’s radios', () => {
    const entries = catalogueEntries()
    expect(entries.map((entry) => entry.model)).toEqual(PROFILES.map((profile) => profile.model))
    for (const profile of PROFILES) {
      const options = productOptionsOf(profile)
      expect(options.radios.map((radio) => radio.band)).toEqual(profile.radios.map((radio) => radio.band))
      const fiveGhz = options.radios.find((radio) => radio.band === '5g')
      if (fiveGhz) expect(fiveGhz.bandwidths.includes('160')).toBe(profile.wifi6)
      expect(options.encryptions.includes('wpa3-sae')).toBe(profile.wifi6)
    }
  })
})
