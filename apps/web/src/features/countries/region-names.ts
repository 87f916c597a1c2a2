import type { CallingCode } from './api'

export interface CallingCodeOption {
  value: string
  label: string
  /** what the search box matches: the code with and without '+', and every region's name */
  search: string
}

/** Regions shown per code; +1 alone covers some twenty. The search still knows them all. */
const SHOWN_REGIONS = 2

/** Options for a calling-code select, with region names in the given language (BCP 47 tag). */
export function callingCodeOptions(codes: readonly CallingCode[], locale: string): CallingCodeOption[] {
  const names = regionNamer(locale)
  return codes.map(({ code, regions }) => {
    const regionNames = regions.map(names)
    const shown = regionNames.slice(0, SHOWN_REGIONS).join(', ')
    const more = regionNames.length > SHOWN_REGIONS ? ', …' : ''
    return {
      value: code,
      label: `+${code} ${shown}${more}`,
      search: `+${code} ${code} ${regionNames.join(' ')} ${regions.join(' ')}`,
    }
  })
}

function regionNamer(locale: string): (region: string) => string {
  try {
    const displayNames = new Intl.DisplayNames([locale], { type: 'region' })
    return (region) => displayNames.of(region) ?? region
  } catch {
    return (region) => region
  }
}
