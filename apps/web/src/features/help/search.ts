import type { HelpArticle, HelpBlock, HelpLibrary } from './articles/types'
import { HELP_ARTICLE_IDS, type HelpArticleId } from './help-topics'

/**
 * Folds a text for matching: lower case, accents dropped (“cámara” finds “camara”), one output
 * character per input character, so a match's offsets are also offsets into the original text
 * and the original can be highlighted as written.
 */
export function foldForSearch(text: string): string {
  let folded = ''
  for (const char of text) {
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    if (plain.length === char.length) folded += plain
    else {
      const lower = char.toLowerCase()
      folded += lower.length === char.length ? lower : char
    }
  }
  return folded
}

/**
 * The terms of a query: words separated by spaces. Chinese is written without spaces, so a run
 * of Chinese characters is one term and matches as a substring, as the words do.
 */
export function searchTerms(query: string): string[] {
  const terms = foldForSearch(query.trim())
    .split(/[\s,，、;；]+/u)
    .filter((term) => term.length > 0)
  return [...new Set(terms)]
}

export interface TextPiece {
  readonly text: string
  readonly match: boolean
}

/** Splits a text into pieces, marking every place one of the terms occurs. */
export function highlightPieces(text: string, terms: readonly string[]): TextPiece[] {
  if (terms.length === 0 || text.length === 0) return [{ text, match: false }]
  const folded = foldForSearch(text)
  const marked = new Array<boolean>(text.length).fill(false)
  for (const term of terms) {
    let from = folded.indexOf(term)
    while (from !== -1) {
      marked.fill(true, from, from + term.length)
      from = folded.indexOf(term, from + term.length)
    }
  }
  const pieces: TextPiece[] = []
  let start = 0
  for (let index = 1; index <= text.length; index++) {
    if (index === text.length || marked[index] !== marked[start]) {
      pieces.push({ text: text.slice(start, index), match: marked[start] ?? false })
      start = index
    }
  }
  return pieces
}

function blockText(block: HelpBlock): string[] {
  return typeof block === 'string' ? [block] : [...block.list]
}

/** Every searchable text of an article but its title, in reading order. */
export function articleTexts(article: HelpArticle): string[] {
  return [
    article.summary,
    ...article.sections.flatMap((section) => [section.heading, ...section.blocks.flatMap(blockText)]),
  ]
}

export interface SearchHit {
  readonly id: HelpArticleId
  readonly article: HelpArticle
  /** the first text of the body that holds a term (or the summary when only the title does) */
  readonly excerpt: string
  readonly score: number
}

/** How much a term found in the title counts against one found in the body. */
const TITLE_WEIGHT = 5

/**
 * The articles holding every term of the query (in the title or anywhere in the body), best
 * first: a term in the title counts more, then how often the terms occur. An empty query finds
 * nothing (the page shows the index instead).
 */
export function searchHelp(library: HelpLibrary, query: string): SearchHit[] {
  const terms = searchTerms(query)
  if (terms.length === 0) return []
  const hits: SearchHit[] = []
  for (const id of HELP_ARTICLE_IDS) {
    const article = library.articles[id]
    const title = foldForSearch(article.title)
    const texts = articleTexts(article)
    const body = texts.map(foldForSearch)
    let score = 0
    let everyTerm = true
    for (const term of terms) {
      const inTitle = occurrences(title, term)
      const inBody = body.reduce((sum, text) => sum + occurrences(text, term), 0)
      if (inTitle + inBody === 0) everyTerm = false
      score += inTitle * TITLE_WEIGHT + inBody
    }
    if (!everyTerm) continue
    const holding = body.findIndex((text) => terms.some((term) => text.includes(term)))
    const text = texts[holding === -1 ? 0 : holding] ?? article.summary
    hits.push({ id, article, excerpt: excerptOf(text, terms), score })
  }
  // Stable: equal scores keep the table of contents' order.
  return hits.sort((a, b) => b.score - a.score)
}

/** Up to `size` characters of a text around its first match, with an ellipsis where it is cut. */
export function excerptOf(text: string, terms: readonly string[], size = 180): string {
  if (text.length <= size) return text
  const folded = foldForSearch(text)
  const first = Math.min(...terms.map((term) => folded.indexOf(term)).filter((index) => index !== -1))
  const start = Number.isFinite(first) ? Math.max(0, Math.min(first - size / 3, text.length - size)) : 0
  const from = Math.floor(start)
  return `${from > 0 ? '…' : ''}${text.slice(from, from + size)}${from + size < text.length ? '…' : ''}`
}

function occurrences(text: string, term: string): number {
  let count = 0
  let from = text.indexOf(term)
  while (from !== -1) {
    count++
    from = text.indexOf(term, from + term.length)
  }
  return count
}
