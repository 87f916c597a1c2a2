import type { DeviceType, ProductOptions } from '@canopy/shared/protocol'

/**
 * The virtual products: data, one entry per model, as genieacs-sim keeps a data model per device.
 * The catalogue (model, type, MAC prefixes, product key and secret) is what an operator imports
 * (`npm run canopy -- product import`); the rest shapes how the virtual device behaves.
 */
export interface DeviceProfile {
  model: string
  name: string
  type: DeviceType
  capabilities: string[]
  /** locally administered prefixes (02:…), never a real vendor's */
  macPrefix: string
  productKey: string
  productSecret: string
  firmware: string[]
  radios: Array<{ band: '2g' | '5g'; channels: number[]; maxClients: number }>
  /** typical CPU and memory use, percent */
  load: { cpu: [number, number]; mem: [number, number] }
  lte?: { module: string; moduleVersion: string; operator: string }
  ethernetPorts: number
}

export const PROFILES: readonly DeviceProfile[] = [
  {
    model: 'CAP-1200',
    name: 'Canopy AP 1200 (dual band, ceiling)',
    type: 'ap',
    capabilities: ['wifi2g', 'wifi5g', 'vap', 'led', 'log', 'clients', 'reboot'],
    macPrefix: '02:C1:01',
    productKey: 'pk_sim_cap1200',
    productSecret: 'sim-secret-cap1200-3f9a1c7e',
    firmware: ['1.4.2', '1.4.3'],
    radios: [
      { band: '2g', channels: [1, 6, 11], maxClients: 64 },
      { band: '5g', channels: [36, 40, 44, 48, 149, 153], maxClients: 128 },
    ],
    load: { cpu: [4, 35], mem: [28, 55] },
    ethernetPorts: 1,
  },
  {
    model: 'CAP-3000',
    name: 'Canopy AP 3000 (WiFi 6, high density)',
    type: 'ap',
    capabilities: ['wifi2g', 'wifi5g', 'vap', 'led', 'log', 'clients', 'reboot'],
    macPrefix: '02:C1:02',
    productKey: 'pk_sim_cap3000',
    productSecret: 'sim-secret-cap3000-8b2d4e61',
    firmware: ['2.1.0'],
    radios: [
      { band: '2g', channels: [1, 6, 11], maxClients: 128 },
      { band: '5g', channels: [36, 44, 52, 100, 149, 157], maxClients: 256 },
    ],
    load: { cpu: [8, 55], mem: [35, 70] },
    ethernetPorts: 2,
  },
  {
    model: 'CGW-500',
    name: 'Canopy Gateway 500',
    type: 'gateway',
    capabilities: ['wifi2g', 'wifi5g', 'led', 'log', 'clients', 'reboot', 'wan'],
    macPrefix: '02:C1:10',
    productKey: 'pk_sim_cgw500',
    productSecret: 'sim-secret-cgw500-51c0aa92',
    firmware: ['3.0.7', '3.1.0'],
    radios: [
      { band: '2g', channels: [1, 6, 11], maxClients: 32 },
      { band: '5g', channels: [36, 149], maxClients: 64 },
    ],
    load: { cpu: [6, 45], mem: [30, 60] },
    ethernetPorts: 5,
  },
  {
    model: 'CRP-300',
    name: 'Canopy Repeater 300',
    type: 'repeater',
    capabilities: ['wifi2g', 'repeater', 'led', 'log', 'clients', 'reboot'],
    macPrefix: '02:C1:20',
    productKey: 'pk_sim_crp300',
    productSecret: 'sim-secret-crp300-e7d3b019',
    firmware: ['1.0.9'],
    radios: [{ band: '2g', channels: [1, 6, 11], maxClients: 24 }],
    load: { cpu: [3, 25], mem: [20, 45] },
    ethernetPorts: 1,
  },
  {
    model: 'C4G-100',
    name: 'Canopy 4G Router 100',
    type: 'router4g',
    capabilities: ['wifi2g', 'lte', 'led', 'log', 'clients', 'reboot', 'wan'],
    macPrefix: '02:C1:30',
    productKey: 'pk_sim_c4g100',
    productSecret: 'sim-secret-c4g100-0d6f3b88',
    firmware: ['4.2.1'],
    radios: [{ band: '2g', channels: [1, 6, 11], maxClients: 16 }],
    load: { cpu: [5, 40], mem: [25, 50] },
    lte: { module: 'EC25-E', moduleVersion: 'EC25EFAR06A06M4G', operator: 'Canopy Mobile' },
    ethernetPorts: 2,
  },
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
        radio.band === '2g'
          ? ['20', '40']
          : profile.model === 'CAP-3000'
            ? ['20', '40', '80', '160']
            : ['20', '40', '80'],
      maxUsers: radio.maxClients,
    })),
    vaps: profile.capabilities.includes('vap') ? 3 : 0,
    encryptions: [
      'none',
      'wep',
      'wpa2-psk',
      'wpa-wpa2-psk',
      ...(profile.model === 'CAP-3000' ? (['wpa3-sae', 'wpa2-wpa3'] as const) : []),
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
