// The MAC's forms and its one normaliser. No imports: the device protocol's schemas use it too.

/** A MAC as it is stored, sent and compared: six pairs of upper-case hex digits, colons between. */
export const MAC_PATTERN = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/

/**
 * The ways a MAC is written on labels, in other tools and by devices: twelve hex digits bare
 * (`02C101748E58`), in pairs by `:` or `-` (`02-C1-01-74-8E-58`), or in fours by `.` (Cisco's
 * `02c1.0174.8e58`), any case.
 */
const MAC_FORMS = /^[0-9A-F]{2}(?:[:-]?[0-9A-F]{2}){5}$|^[0-9A-F]{4}(?:\.[0-9A-F]{4}){2}$/i

/**
 * The one MAC normaliser (forms, filters, search, device registration): a MAC in any of its
 * forms becomes the stored one, `02:C1:01:74:8E:58`. Anything else comes back without its spaces
 * (a pasted label often has some) and upper case, so the MAC rule can still say what is wrong.
 */
export function normaliseMac(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase()
  if (!MAC_FORMS.test(compact)) return compact
  return compact.replace(/[:.-]/g, '').replace(/(..)(?!$)/g, '$1:')
}

/** Whether a text is a MAC in one of the forms `normaliseMac` reads. */
export function isMacForm(value: string): boolean {
  return MAC_PATTERN.test(normaliseMac(value))
}
