import type { DeviceProfile } from './types'

export const CRP_300: DeviceProfile = {
  model: 'CRP-300',
  name: 'Canopy Repeater 300',
  type: 'repeater',
  capabilities: ['wifi2g', 'repeater', 'led', 'log', 'clients', 'reboot', 'upgrade'],
  macPrefix: '02:C1:20',
  productKey: 'pk_sim_crp300',
  productSecret: 'sim-secret-crp300-e7d3b019',
  firmware: ['1.0.9'],
  wifi6: false,
  radios: [{ band: '2g', channels: [1, 6, 11], maxClients: 24 }],
  load: { cpu: [3, 25], mem: [20, 45] },
  ethernetPorts: 1,
}

export const CRP_1200: DeviceProfile = {
  model: 'CRP-1200',
  name: 'Canopy Repeater 1200 (dual band, plug-in)',
  type: 'repeater',
  capabilities: ['wifi2g', 'wifi5g', 'repeater', 'led', 'log', 'clients', 'reboot', 'upgrade'],
  macPrefix: '02:C1:21',
  productKey: 'pk_sim_crp1200',
  productSecret: 'sim-secret-crp1200-4a71c3e0',
  firmware: ['2.0.3', '2.0.5'],
  wifi6: false,
  radios: [
    { band: '2g', channels: [1, 6, 11], maxClients: 32 },
    { band: '5g', channels: [36, 40, 44, 48], maxClients: 48 },
  ],
  load: { cpu: [4, 30], mem: [25, 50] },
  ethernetPorts: 1,
}
