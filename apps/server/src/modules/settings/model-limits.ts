import { ErrorCode } from '@canopy/shared/errors'
import {
  type Capability,
  isJsonObject,
  type JsonObject,
  type ProductOptions,
  productOptions,
  type WifiOptions,
} from '@canopy/shared/protocol'
import { maxUsersProblem } from '@canopy/shared/validation'
import { AppError } from '../../http/app-error'
import type { ProductRow } from '../devices/products.repository'

export function productOptionsOf(product: ProductRow): ProductOptions {
  return productOptions.parse(product.options ?? {})
}

/** Which capability a section (or a part of it) needs of the model. */
const SECTION_CAPABILITY: Partial<Record<string, Capability>> = { repeater: 'repeater' }

/**
 * The limits of the device's model (§3, §5 "upper bound not shown"): its radios, their channels
 * in its region and bandwidths, its user limit, its virtual APs and encryptions. A part the model
 * lacks is "unsupported feature" (600400251); a value out of its range is an invalid parameter
 * naming the field.
 */
export function checkAgainstModel(
  section: string,
  values: JsonObject,
  product: ProductRow,
  options: WifiOptions,
): void {
  const capability = SECTION_CAPABILITY[section]
  if (capability && !product.capabilities.includes(capability))
    throw new AppError(ErrorCode.UNSUPPORTED_FEATURE)
  if (
    section === 'network' &&
    isJsonObject(values.wan) &&
    values.wan.type === 'mobile' &&
    !product.capabilities.includes('lte')
  ) {
    throw new AppError(ErrorCode.UNSUPPORTED_FEATURE)
  }
  if (section !== 'wifi') return
  const violations: Array<{ field: string; rule: string }> = []
  for (const band of ['2g', '5g'] as const) {
    const radio = values[band]
    if (!isJsonObject(radio)) continue
    const model = options.radios.find((candidate) => candidate.band === band)
    if (!model) throw new AppError(ErrorCode.UNSUPPORTED_FEATURE)
    if (typeof radio.channel === 'number' && radio.channel !== 0 && !model.channels.includes(radio.channel)) {
      violations.push({ field: `${band}.channel`, rule: 'validation.channel_tips' })
    }
    if (typeof radio.bandwidth === 'string' && !model.bandwidths.includes(radio.bandwidth)) {
      violations.push({ field: `${band}.bandwidth`, rule: 'validation.invalid_choice' })
    }
    if (typeof radio.maxUsers === 'number' && maxUsersProblem(radio.maxUsers, model.maxUsers)) {
      violations.push({ field: `${band}.maxUsers`, rule: 'validation.max_users_tips' })
    }
    if (typeof radio.encryption === 'string' && !options.encryptions.includes(radio.encryption)) {
      violations.push({ field: `${band}.encryption`, rule: 'validation.invalid_choice' })
    }
  }
  if (isJsonObject(values.vaps)) {
    for (const [slot, vap] of Object.entries(values.vaps)) {
      if (!isJsonObject(vap)) continue
      if (Number(slot) > options.vaps) throw new AppError(ErrorCode.UNSUPPORTED_FEATURE)
      if (!options.radios.some((radio) => radio.band === vap.band)) {
        violations.push({ field: `vaps.${slot}.band`, rule: 'validation.invalid_choice' })
      }
    }
  }
  if (violations.length > 0) throw new AppError(ErrorCode.INVALID_PARAMETER, { violations })
}
