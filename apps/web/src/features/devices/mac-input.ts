import { normaliseMac } from '@canopy/shared/validation'

/**
 * What the MAC field keeps of what is typed or pasted: the shared normaliser's reading, so any
 * form of a MAC (`02C101748E58`, `02-c1-01-74-8e-58`, `02c1.0174.8e58`) shows as it is stored,
 * and anything else stays, without spaces and upper case, for the shared rule to refuse.
 */
export function macInput(value: unknown): string {
  return typeof value === 'string' ? normaliseMac(value) : ''
}
