import type { DeviceProfile } from './types'

export const CAP_1200: DeviceProfile = {
  model: 'CAP-1200',
  name: 'Canopy AP 1200 (dual band, ceiling)',
  type: 'ap',
  capabilities: ['wifi2g', 'wifi5g', 'vap', 'led', 'log', 'clients', 'reboot', 'upgrade'],
  macPrefix: '02:C1:01',
  productKey: 'pk_sim_cap1200',
  productSecret: 'sim-secret-cap1200-3f9a1c7e',
  firmware: ['1.4.2', '1.4.3'],
  wifi6: false,
  radios: [
    { band: '2g', channels: [1, 6, 11], maxClients: 64 },
    { band: '5g', channels: [36, 40, 44, 48, 149, 153], maxClients: 128 },
  ],
  load: { cpu: [4, 35], mem: [28, 55] },
  ethernetPorts: 1,
}

export const CAP_3000: DeviceProfile = {
  model: 'CAP-3000',
  name: 'Canopy AP 3000 (WiFi 6, high density)',
  type: 'ap',
  capabilities: ['wifi2g', 'wifi5g', 'vap', 'led', 'log', 'clients', 'reboot', 'upgrade'],
  macPrefix: '02:C1:02',
  productKey: 'pk_sim_cap3000',
  productSecret: 'sim-secret-cap3000-8b2d4e61',
  firmware: ['2.1.0'],
  wifi6: true,
  radios: [
    { band: '2g', channels: [1, 6, 11], maxClients: 128 },
    { band: '5g', channels: [36, 44, 52, 100, 149, 157], maxClients: 256 },
  ],
  load: { cpu: [8, 55], mem: [35, 70] },
  ethernetPorts: 2,
}

/**
 * A legacy model whose firmware predates upgrades over the air: it has no `upgrade` capability,
 * so the console refuses to upgrade it ("The selected device has no upgrade function") and,
 * sent an upgrade job anyway, the device rejects it.
 */
export const CAP_300: DeviceProfile = {
  model: 'CAP-300',
  name: 'Canopy AP 300 (single band, legacy)',
  type: 'ap',
  capabilities: ['wifi2g', 'led', 'log', 'clients', 'reboot'],
  macPrefix: '02:C1:03',
  productKey: 'pk_sim_cap300',
  productSecret: 'sim-secret-cap300-2e8c5b17',
  firmware: ['0.9.8'],
  wifi6: false,
  radios: [{ band: '2g', channels: [1, 6, 11], maxClients: 32 }],
  load: { cpu: [5, 45], mem: [40, 70] },
  ethernetPorts: 1,
}
