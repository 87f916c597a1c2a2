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
export { BUILT_IN_JOB_HANDLERS, type JobHandler, type ReportPhase } from './jobs-client'
export { catalogueEntries, type DeviceProfile, PROFILES, profileOf } from './profiles/catalogue'
export { seededRandom } from './random'
export { randomMac, signedRegistration } from './registration'
export { type Provision, VirtualDevice, type VirtualDeviceOptions } from './virtual-device'
