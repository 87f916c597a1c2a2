import { getCountries, getCountryCallingCode } from 'libphonenumber-js'

export interface CallingCode {
  /** digits only, e.g. '86' */
  code: string
  /** ISO 3166-1 alpha-2 regions that use it, e.g. ['CN'] */
  regions: string[]
}

function buildCallingCodes(): CallingCode[] {
  const byCode = new Map<string, string[]>()
  for (const region of getCountries()) {
    const code = getCountryCallingCode(region)
    byCode.set(code, [...(byCode.get(code) ?? []), region])
  }
  return [...byCode.entries()]
    .map(([code, regions]) => ({ code, regions: regions.sort() }))
    .sort((a, b) => Number(a.code) - Number(b.code))
}

/** The world's telephone country codes (from libphonenumber's metadata). */
export const CALLING_CODES: readonly CallingCode[] = buildCallingCodes()

const known = new Set(CALLING_CODES.map((entry) => entry.code))

export function isKnownCallingCode(code: string): boolean {
  return known.has(code)
}
