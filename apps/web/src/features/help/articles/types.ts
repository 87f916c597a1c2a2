import type { HelpArticleId, HelpSectionId } from '../help-topics'

/** A paragraph, or a bulleted list of short items. Plain text only: rendered as text, never as HTML. */
export type HelpBlock = string | { readonly list: readonly string[] }

export interface HelpArticleSection {
  readonly heading: string
  readonly blocks: readonly HelpBlock[]
}

export interface HelpArticle {
  readonly title: string
  /** one or two sentences: shown in the index and searched like the rest */
  readonly summary: string
  readonly sections: readonly HelpArticleSection[]
}

/**
 * One language's help center. Typed by the table of contents, so a language missing an article
 * or a section title does not compile.
 */
export interface HelpLibrary {
  readonly sections: Readonly<Record<HelpSectionId, string>>
  readonly articles: Readonly<Record<HelpArticleId, HelpArticle>>
}
