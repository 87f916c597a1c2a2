import type { DeviceProfile } from './types'

export const CGW_500: DeviceProfile = {
  model: 'CGW-500',
  name: 'Canopy Gateway 500',
  type: 'gateway',
  capabilities: ['wifi2g', 'wifi5g', 'led', 'log', 'clients', 'reboot', 'wan', 'upgrade'],
  macPrefix: '02:C1:10',
  productKey: 'pk_sim_cgw500',
  productSecret: 'sim-secret-cgw500-51c0aa92',
  firmware: ['3.0.7', '3.1.0'],
  wifi6: false,
  radios: [
    { band: '2g', channels: [1, 6, 11], maxClients: 32 },
    { band: '5g', channels: [36, 149], maxClients: 64 },
  ],
  load: { cpu: [6, 45], mem: [30, 60] },
  ethernetPorts: 5,
}

export const CGW_1800: DeviceProfile = {
  model: 'CGW-1800',
  name: 'Canopy Gateway 1800 (WiFi 6, 2.5G WAN)',
  type: 'gateway',
  capabilities: ['wifi2g', 'wifi5g', 'vap', 'led', 'log', 'clients', 'reboot', 'wan', 'upgrade'],
  macPrefix: '02:C1:11',
  productKey: 'pk_sim_cgw1800',
  productSecret: 'sim-secret-cgw1800-9e4b27d5',
  firmware: ['5.0.2', '5.0.4', '5.1.0'],
  wifi6: true,
  radios: [
    { band: '2g', channels: [1, 6, 11], maxClients: 64 },
    { band: '5g', channels: [36, 44, 149, 157], maxClients: 128 },
  ],
  load: { cpu: [5, 40], mem: [22, 48] },
  ethernetPorts: 5,
}
