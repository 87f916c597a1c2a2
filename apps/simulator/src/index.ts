export { REALISTIC_APPLY_DELAY_MS } from './apply-settings'
export type { UpgradeChaos, UpgradeTrouble } from './chaos'
export {
  type Fleet,
  type FleetOptions,
  fleetMacs,
  httpProvision,
  simulatedPassword,
  startFleet,
} from './fleet'
export { IdentityFile } from './identity-file'
export {
  BUILT_IN_JOB_HANDLERS,
  type JobContext,
  JobFailure,
  type JobHandler,
  type ReportPhase,
  STAYS_IN_PROGRESS,
} from './jobs-client'
export { MISBEHAVIOURS, type MisbehaviourMode } from './misbehaviour'
export { catalogueEntries, type DeviceProfile, PROFILES, profileOf } from './profiles/catalogue'
export { seededRandom } from './random'
export { randomMac, signedRegistration } from './registration'
export { QUICK_UPGRADE_TIMINGS, REALISTIC_UPGRADE_TIMINGS, type UpgradeTimings } from './upgrade'
export { type Provision, VirtualDevice, type VirtualDeviceOptions } from './virtual-device'
