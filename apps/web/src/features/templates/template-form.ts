import type { RadioSettings, TemplateSettings, VapSettings, WEEKDAYS } from '@canopy/shared/validation'
import {
  newVapValues,
  toVapSettings,
  type VapFormValues,
  type VapSlot,
} from '../device-detail/wifi/wifi-form'

type Weekday = (typeof WEEKDAYS)[number]

export type FormBand = '2g' | '5g'
export const FORM_BANDS: readonly FormBand[] = ['2g', '5g']
export const VAP_SLOTS: readonly VapSlot[] = ['1', '2', '3']

/** A virtual AP in the dialog: the device settings' own fields, set only when ticked. */
export type TemplateVapValues = VapFormValues & { set: boolean }

/** The template dialog's fields: each part of a template is set only when its box is ticked. */
export interface TemplateForm {
  name: string
  setLed: boolean
  led: boolean
  setTimedReboot: boolean
  timedReboot: { enabled: boolean; days: Weekday[]; time: string }
  setWifiSchedule: boolean
  wifiSchedule: { enabled: boolean; days: Weekday[]; off: string; on: string }
  radios: Record<
    FormBand,
    { set: boolean; ssid: string; hidden: boolean; encryption: string; password?: string }
  >
  vaps: Record<VapSlot, TemplateVapValues>
}

/**
 * A new radio's fields the dialog does not show: the device settings' defaults (automatic
 * channel, 20 MHz, full power, the §5 default thresholds).
 */
const RADIO_DEFAULTS: Omit<RadioSettings, 'ssid' | 'encryption' | 'hidden' | 'password'> = {
  enabled: true,
  channel: 0,
  bandwidth: '20',
  power: 100,
  beacon: 100,
  fragmentation: 2346,
  rts: 2347,
  shortGi: true,
  maxUsers: 32,
  isolation: false,
}

/** The dialog's fields for a template (or for a new one). */
export function formOf(template?: { name: string; settings: TemplateSettings }): TemplateForm {
  const system = template?.settings.system ?? {}
  const wifi = template?.settings.wifi ?? {}
  const radio = (band: FormBand) => {
    const current = wifi[band]
    return current
      ? { set: true, ssid: current.ssid, hidden: current.hidden, encryption: current.encryption }
      : { set: false, ssid: '', hidden: false, encryption: 'wpa2-psk' }
  }
  return {
    name: template?.name ?? '',
    setLed: system.led !== undefined,
    led: system.led ?? true,
    setTimedReboot: system.timedReboot !== undefined,
    timedReboot: system.timedReboot ?? { enabled: true, days: [1], time: '03:00' },
    setWifiSchedule: system.wifiSchedule !== undefined,
    wifiSchedule: system.wifiSchedule ?? { enabled: true, days: [1, 2, 3, 4, 5], off: '23:00', on: '07:00' },
    radios: { '2g': radio('2g'), '5g': radio('5g') },
    vaps: {
      '1': vapValues(wifi.vaps?.['1']),
      '2': vapValues(wifi.vaps?.['2']),
      '3': vapValues(wifi.vaps?.['3']),
    },
  }
}

/** A virtual AP the template sets (its password never comes back), or a new one, switched on. */
function vapValues(current: VapSettings | undefined): TemplateVapValues {
  // A template is for any model: the first radio and the rule's usual bound of users.
  const values = { ...newVapValues('2g', 32), enabled: true }
  if (!current) return { ...values, set: false }
  const { password: _secret, ...shown } = current
  return { ...values, ...shown, set: true }
}

/**
 * The template's settings from the dialog, over what the template already sets (its other
 * system settings and a radio's hidden fields stay). A virtual AP is set only when ticked. An
 * empty password keeps the template's. Checked afterwards by the shared rule, as the server
 * checks it.
 */
export function settingsOf(form: TemplateForm, base: TemplateSettings = {}): TemplateSettings {
  const { led: _led, timedReboot: _reboot, wifiSchedule: _schedule, ...otherSystem } = base.system ?? {}
  const system = {
    ...otherSystem,
    ...(form.setLed ? { led: form.led } : {}),
    ...(form.setTimedReboot ? { timedReboot: form.timedReboot } : {}),
    ...(form.setWifiSchedule ? { wifiSchedule: form.wifiSchedule } : {}),
  }
  const wifi: NonNullable<TemplateSettings['wifi']> = {}
  const vaps: NonNullable<NonNullable<TemplateSettings['wifi']>['vaps']> = {}
  for (const slot of VAP_SLOTS) {
    const { set, ...fields } = form.vaps[slot]
    if (set) vaps[slot] = toVapSettings(fields)
  }
  if (Object.keys(vaps).length > 0) wifi.vaps = vaps
  for (const band of FORM_BANDS) {
    const fields = form.radios[band]
    if (!fields.set) continue
    wifi[band] = {
      ...RADIO_DEFAULTS,
      ...base.wifi?.[band],
      ssid: fields.ssid,
      hidden: fields.hidden,
      encryption: fields.encryption as RadioSettings['encryption'],
      ...(fields.password ? { password: fields.password } : {}),
    }
  }
  return {
    ...(Object.keys(system).length > 0 ? { system } : {}),
    ...(Object.keys(wifi).length > 0 ? { wifi } : {}),
  }
}

/** The sections a template sets, for the list. */
export function sectionsOf(settings: TemplateSettings): Array<'system' | 'wifi'> {
  return (['system', 'wifi'] as const).filter((section) => settings[section] !== undefined)
}
