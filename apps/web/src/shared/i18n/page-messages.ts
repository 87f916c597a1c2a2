import type { Language } from '@canopy/shared/i18n/languages'
import { i18n } from './i18n'

/**
 * Adds a page area's messages (every language) to the console's catalogue. The core catalogue
 * is part of the first paint; an area's messages travel in its pages' chunks instead, and are
 * added when the first of those pages loads. Adding the same messages twice is harmless.
 */
export function addPageMessages(messages: Readonly<Record<Language, object>>): void {
  const add = () => {
    for (const [language, bundle] of Object.entries(messages)) {
      // deep: merge beside the core sections; no overwrite: an area never replaces core wording
      i18n.addResourceBundle(language, 'translation', bundle, true, false)
    }
  }
  if (i18n.isInitialized) add()
  else i18n.on('initialized', add)
}
