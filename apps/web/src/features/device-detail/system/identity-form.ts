import type { DeviceMode, SetSystemRequest } from '../api'

/** Name, remark and mode: the device's identity on the System tab. */
export interface IdentityValues {
  name: string
  remark: string
  mode: DeviceMode | undefined
}

/** setsystem's body: the name and remark always, the mode only when it changes (a device setting). */
export function identityRequest(
  id: number,
  values: IdentityValues,
  currentMode: DeviceMode | undefined,
): SetSystemRequest {
  const name = values.name.trim()
  const remark = values.remark.trim()
  const mode = values.mode !== currentMode && values.mode ? { settings: { mode: values.mode } } : {}
  return { id, name, remark, ...mode }
}
