import type { ProductOptions } from '@canopy/shared/protocol'
import { CAP_300, CAP_1200, CAP_3000 } from './ap'
import { CGW_500, CGW_1800 } from './gateway'
import { CRP_300, CRP_1200 } from './repeater'
import { C4G_50, C4G_100, C4G_300 } from './router4g'
import type { DeviceProfile } from './types'

export type { DeviceProfile } from './types'

/**
 * Every virtual model. A fleet deals them out in this order, so the first five (one of each
 * type, two APs) stay first: test worlds and benches count on which device gets which model.
 * Every model upgrades its firmware but the last, CAP-300, kept to show the refusal.
 */
export const PROFILES: readonly DeviceProfile[] = [
  CAP_1200,
  CAP_3000,
  CGW_500,
  CRP_300,
  C4G_100,
  C4G_300,
  CGW_1800,
  CRP_1200,
  C4G_50,
  CAP_300,
]

const CHANNELS_2G = {
  CN: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
  EU: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
  US: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
}
const CHANNELS_5G = {
  CN: [36, 40, 44, 48, 149, 153, 157, 161, 165],
  EU: [36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112],
  US: [36, 40, 44, 48, 149, 153, 157, 161, 165],
}

/** The model's settings options, as the catalogue keeps them (see ProductOptions). */
export function productOptionsOf(profile: DeviceProfile): ProductOptions {
  return {
    radios: profile.radios.map((radio) => ({
      band: radio.band,
      channels: radio.band === '2g' ? CHANNELS_2G : CHANNELS_5G,
      bandwidths:
        radio.band === '2g' ? ['20', '40'] : profile.wifi6 ? ['20', '40', '80', '160'] : ['20', '40', '80'],
      maxUsers: radio.maxClients,
    })),
    vaps: profile.capabilities.includes('vap') ? 3 : 0,
    encryptions: [
      'none',
      'wep',
      'wpa2-psk',
      'wpa-wpa2-psk',
      ...(profile.wifi6 ? (['wpa3-sae', 'wpa2-wpa3'] as const) : []),
    ],
  }
}

/** The catalogue entries to import into a Canopy server (all published). */
export function catalogueEntries() {
  return PROFILES.map((profile) => ({
    options: productOptionsOf(profile),
    model: profile.model,
    name: profile.name,
    type: profile.type,
    published: true,
    capabilities: profile.capabilities,
    mac_prefixes: [profile.macPrefix],
    product_key: profile.productKey,
    product_secret: profile.productSecret,
  }))
}

export function profileOf(model: string): DeviceProfile {
  const profile = PROFILES.find((candidate) => candidate.model === model)
  if (!profile) throw new Error(`no profile for model ${model}`)
  return profile
}
