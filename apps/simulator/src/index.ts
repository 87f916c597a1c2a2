export { REALISTIC_APPLY_DELAY_MS } from './apply-settings'
export {
  type Fleet,
  type FleetOptions,
  fleetMacs,
  httpProvision,
  simulatedPassword,
  startFleet,
} from './fleet'
export { IdentityFile } from './identity-file'
export { catalogueEntries, type DeviceProfile, PROFILES, profileOf } from './profiles/catalogue'
export { seededRandom } from './random'
export { randomMac, signedRegistration } from './registration'
export { type Provision, VirtualDevice, type VirtualDeviceOptions } from './virtual-device'
