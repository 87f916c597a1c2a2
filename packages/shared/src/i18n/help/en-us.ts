/**
 * English messages of the help center's own controls (its search, results and article view) and
 * of the top bar's help button. The articles themselves are data of the web console
 * (apps/web/src/features/help/articles), one chunk per language; zh-cn and es are typed against
 * this catalogue.
 */
export const helpCenterEnUS = {
  helpCenter: {
    intro: 'Guides to every screen of the console: what it shows, its rules, and what its messages mean.',
    search: 'Search the help center',
    searchPlaceholder: 'Search, e.g. alarm, firmware, WiFi',
    resultsLabel: 'Search results',
    results: 'Articles found: {{count}}',
    noResults: 'No article matches “{{query}}”. Try another word.',
    highlighted: 'Words marked: {{query}}',
    clearHighlight: 'Clear',
    openPage: 'Open {{page}}',
    notFound: 'This article does not exist.',
    backToIndex: 'All help articles',
    loadFailed: 'The help articles could not be loaded.',
    pageHelp: 'Help for this page',
  },
}

/** The shape every language of these messages has: the same keys as English, any wording. */
export type HelpCenterCatalogue = DeepStrings<typeof helpCenterEnUS>

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> }
