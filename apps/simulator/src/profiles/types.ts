import type { Capability, DeviceType } from '@canopy/shared/protocol'

/**
 * A virtual product: data, one entry per model, as genieacs-sim keeps a data model per device.
 * The catalogue part (model, type, MAC prefix, product key and secret) is what an operator
 * imports (`npm run canopy -- product import-simulated`); the rest shapes how the device behaves.
 */
export interface DeviceProfile {
  model: string
  name: string
  type: DeviceType
  capabilities: Capability[]
  /** locally administered prefixes (02:…), never a real vendor's */
  macPrefix: string
  productKey: string
  productSecret: string
  firmware: string[]
  /** WiFi 6 models also offer 160 MHz on 5 GHz and WPA3 */
  wifi6: boolean
  radios: Array<{ band: '2g' | '5g'; channels: number[]; maxClients: number }>
  /** typical CPU and memory use, percent */
  load: { cpu: [number, number]; mem: [number, number] }
  /** the cellular module of a 4G router (the SIM and its operator vary per device) */
  lte?: { module: string; moduleVersion: string }
  ethernetPorts: number
}
