import type { WifiOptions } from '@canopy/shared/protocol'
import type { Band } from '@canopy/shared/validation'

export const BATCH_BANDS: readonly Band[] = ['2g', '5g']

/** The fields of a radio the batch dialog edits; the rest come from the template device. */
export interface RadioForm {
  /** whether this radio is changed at all */
  change: boolean
  enabled: boolean
  ssid: string
  hidden: boolean
  encryption: string
  /** empty: each device keeps its own */
  password?: string
  power: number
  /** 0: automatic */
  channel: number
}
export type WifiBatchForm = Partial<Record<Band, RadioForm>>

type RadioOption = WifiOptions['radios'][number]
type Radio = Record<string, unknown>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const pick = <T>(value: unknown, fallback: T): T =>
  typeof value === typeof fallback ? (value as T) : fallback

/**
 * A whole radio for a band, from what the template device reports (its secrets never come back,
 * so there is no password here), with the model's defaults for anything it has not reported.
 * setwifis takes whole radios; a batch sends the template's values for the fields it does not
 * edit, which all devices of one model accept.
 */
export function radioTemplate(
  reportedWifi: unknown,
  option: RadioOption,
  encryptions: readonly string[],
): Radio {
  const reported = isRecord(reportedWifi) ? reportedWifi[option.band] : undefined
  const r = isRecord(reported) ? reported : {}
  const bandwidth = String(r.bandwidth)
  const encryption = String(r.encryption)
  return {
    enabled: pick(r.enabled, true),
    ssid: pick(r.ssid, ''),
    hidden: pick(r.hidden, false),
    channel: 0,
    bandwidth: option.bandwidths.includes(bandwidth) ? bandwidth : option.bandwidths[0],
    encryption: encryptions.includes(encryption) ? encryption : (encryptions.at(-1) ?? 'none'),
    power: pick(r.power, 100),
    beacon: pick(r.beacon, 100),
    fragmentation: pick(r.fragmentation, 2346),
    rts: pick(r.rts, 2347),
    shortGi: pick(r.shortGi, true),
    maxUsers: Math.min(pick(r.maxUsers, option.maxUsers), option.maxUsers),
    isolation: pick(r.isolation, false),
  }
}

/** The dialog's first values: the template's, every radio unticked, the channel automatic. */
export function initialForm(templates: Partial<Record<Band, Radio>>): WifiBatchForm {
  const form: WifiBatchForm = {}
  for (const band of BATCH_BANDS) {
    const radio = templates[band]
    if (!radio) continue
    form[band] = {
      change: false,
      enabled: radio.enabled as boolean,
      ssid: radio.ssid as string,
      hidden: radio.hidden as boolean,
      encryption: radio.encryption as string,
      password: '',
      power: radio.power as number,
      channel: 0,
    }
  }
  return form
}

/**
 * The setwifis settings (before the shared `wifiSettings` schema checks them): each ticked radio,
 * the template's values overlaid with the dialog's; an empty password is left out, which keeps
 * each device's own (an open network has none).
 */
export function wifiBatchSettings(form: WifiBatchForm, templates: Partial<Record<Band, Radio>>) {
  const settings: Partial<Record<Band, Radio>> = {}
  for (const band of BATCH_BANDS) {
    const edited = form[band]
    const template = templates[band]
    if (!edited?.change || !template) continue
    const { change: _change, password, ...fields } = edited
    const keyed = password && fields.encryption !== 'none'
    settings[band] = { ...template, ...fields, ...(keyed ? { password } : {}) }
  }
  return settings
}

/**
 * Whether a ticked radio needs a password: switching every device to an encryption the template
 * does not use would leave them without a key, so one must be given then.
 */
export function passwordRequired(
  edited: Pick<RadioForm, 'encryption'>,
  template: Radio | undefined,
): boolean {
  return edited.encryption !== 'none' && edited.encryption !== template?.encryption
}
