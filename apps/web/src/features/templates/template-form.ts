import type { RadioSettings, TemplateSettings, WEEKDAYS } from '@canopy/shared/validation'

type Weekday = (typeof WEEKDAYS)[number]

export type FormBand = '2g' | '5g'
export const FORM_BANDS: readonly FormBand[] = ['2g', '5g']

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
  }
}

/**
 * The template's settings from the dialog, over what the template already sets (its other
 * system settings, a radio's hidden fields, its virtual APs stay). An empty password keeps the
 * template's. Checked afterwards by the shared rule, as the server checks it.
 */
export function settingsOf(form: TemplateForm, base: TemplateSettings = {}): TemplateSettings {
  const { led: _led, timedReboot: _reboot, wifiSchedule: _schedule, ...otherSystem } = base.system ?? {}
  const system = {
    ...otherSystem,
    ...(form.setLed ? { led: form.led } : {}),
    ...(form.setTimedReboot ? { timedReboot: form.timedReboot } : {}),
    ...(form.setWifiSchedule ? { wifiSchedule: form.wifiSchedule } : {}),
  }
  const wifi: NonNullable<TemplateSettings['wifi']> = base.wifi?.vaps ? { vaps: base.wifi.vaps } : {}
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
