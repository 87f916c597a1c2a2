import { normaliseMac } from '@canopy/shared/validation'

/**
 * What the MAC field keeps of what is typed or pasted: no spaces (a pasted label often has a
 * trailing one), upper case (how MACs are stored and sent). Separators are left as typed, so the
 * shared rule still says when they are not colons.
 */
export function macInput(value: unknown): string {
  return typeof value === 'string' ? normaliseMac(value.replace(/\s+/g, '')) : ''
}
