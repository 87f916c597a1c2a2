import type { DeviceProfile } from './types'

export const C4G_100: DeviceProfile = {
  model: 'C4G-100',
  name: 'Canopy 4G Router 100',
  type: 'router4g',
  capabilities: ['wifi2g', 'lte', 'led', 'log', 'clients', 'reboot', 'wan', 'upgrade'],
  macPrefix: '02:C1:30',
  productKey: 'pk_sim_c4g100',
  productSecret: 'sim-secret-c4g100-0d6f3b88',
  firmware: ['4.2.1'],
  wifi6: false,
  radios: [{ band: '2g', channels: [1, 6, 11], maxClients: 16 }],
  load: { cpu: [5, 40], mem: [25, 50] },
  lte: { module: 'EC25-E', moduleVersion: 'EC25EFAR06A06M4G' },
  ethernetPorts: 2,
}

export const C4G_300: DeviceProfile = {
  model: 'C4G-300',
  name: 'Canopy 4G Router 300 (Cat 6, dual band)',
  type: 'router4g',
  capabilities: ['wifi2g', 'wifi5g', 'lte', 'led', 'log', 'clients', 'reboot', 'wan', 'upgrade'],
  macPrefix: '02:C1:31',
  productKey: 'pk_sim_c4g300',
  productSecret: 'sim-secret-c4g300-7c28f1a4',
  firmware: ['4.5.0', '4.5.2'],
  wifi6: false,
  radios: [
    { band: '2g', channels: [1, 6, 11], maxClients: 32 },
    { band: '5g', channels: [36, 44, 149], maxClients: 48 },
  ],
  load: { cpu: [6, 45], mem: [30, 55] },
  lte: { module: 'EM06-E', moduleVersion: 'EM06ELAR04A05M4G' },
  ethernetPorts: 4,
}

export const C4G_50: DeviceProfile = {
  model: 'C4G-50',
  name: 'Canopy 4G Router 50 (Cat 1, industrial)',
  type: 'router4g',
  capabilities: ['wifi2g', 'lte', 'log', 'clients', 'reboot', 'wan', 'upgrade'],
  macPrefix: '02:C1:32',
  productKey: 'pk_sim_c4g50',
  productSecret: 'sim-secret-c4g50-b5e90d12',
  firmware: ['1.2.0'],
  wifi6: false,
  radios: [{ band: '2g', channels: [1, 6, 11], maxClients: 8 }],
  load: { cpu: [2, 20], mem: [35, 60] },
  lte: { module: 'EC200U-CN', moduleVersion: 'EC200UCNAAR03A05M08' },
  ethernetPorts: 1,
}
