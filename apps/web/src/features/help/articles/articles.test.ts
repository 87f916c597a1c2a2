import { catalogues, LANGUAGES, type Language } from '@canopy/shared/i18n'
import { alarmsCatalogues } from '@canopy/shared/i18n/alarms'
import { backupsCatalogues } from '@canopy/shared/i18n/backups'
import { deviceOperationsCatalogues } from '@canopy/shared/i18n/device-operations'
import { devicePortalCatalogues } from '@canopy/shared/i18n/device-portal'
import { deviceSettingsCatalogues } from '@canopy/shared/i18n/device-settings'
import { devicesCatalogues } from '@canopy/shared/i18n/devices'
import { helpCenterCatalogues } from '@canopy/shared/i18n/help'
import { maintainCatalogues } from '@canopy/shared/i18n/maintain'
import { messagesCatalogues } from '@canopy/shared/i18n/messages'
import { organisationCatalogues } from '@canopy/shared/i18n/organisation'
import { portalCatalogues } from '@canopy/shared/i18n/portal'
import { templatesCatalogues } from '@canopy/shared/i18n/templates'
import { trafficCatalogues } from '@canopy/shared/i18n/traffic'
import { describe, expect, it } from 'vitest'
import { HELP_ARTICLE_IDS, HELP_SECTIONS } from '../help-topics'
import { articleTexts } from '../search'
import { helpEnUS } from './en-us'
import { helpEs } from './es'
import type { HelpArticle, HelpLibrary } from './types'
import { helpZhCN } from './zh-cn'

const libraries: Record<Language, HelpLibrary> = { 'en-us': helpEnUS, 'zh-cn': helpZhCN, es: helpEs }

const sets = [
  catalogues,
  alarmsCatalogues,
  backupsCatalogues,
  deviceOperationsCatalogues,
  devicePortalCatalogues,
  deviceSettingsCatalogues,
  devicesCatalogues,
  helpCenterCatalogues,
  maintainCatalogues,
  messagesCatalogues,
  organisationCatalogues,
  portalCatalogues,
  templatesCatalogues,
  trafficCatalogues,
]

/** Every plain message of the console (no placeholder) as dotted key → text, in one language. */
function messagesOf(language: Language): Map<string, string> {
  const messages = new Map<string, string>()
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') {
      if (!node.includes('{{')) messages.set(prefix, node)
      return
    }
    for (const [key, value] of Object.entries(node as object)) walk(value, prefix ? `${prefix}.${key}` : key)
  }
  for (const set of sets) walk(set[language], '')
  return messages
}

const console = Object.fromEntries(LANGUAGES.map((language) => [language, messagesOf(language)])) as Record<
  Language,
  Map<string, string>
>

function fullText(article: HelpArticle): string {
  return [article.title, ...articleTexts(article)].join('\n')
}

describe('the help articles', () => {
  it.each(LANGUAGES)(
    '%s has every article, each with a title, a summary and sections with text',
    (language) => {
      const library = libraries[language]
      for (const section of HELP_SECTIONS) expect(library.sections[section].trim()).not.toBe('')
      for (const id of HELP_ARTICLE_IDS) {
        const article = library.articles[id]
        expect(article.title.trim(), id).not.toBe('')
        expect(article.summary.trim(), id).not.toBe('')
        expect(article.sections.length, id).toBeGreaterThan(0)
        for (const text of articleTexts(article)) expect(text.trim(), id).not.toBe('')
      }
    },
  )

  it.each(LANGUAGES)('%s has as many sections and lists in each article as English', (language) => {
    const shape = (article: HelpArticle) =>
      article.sections.map((section) =>
        section.blocks.map((block) => (typeof block === 'string' ? 'p' : `list${block.list.length}`)).join(),
      )
    for (const id of HELP_ARTICLE_IDS) {
      expect(shape(libraries[language].articles[id]), id).toEqual(shape(helpEnUS.articles[id]))
    }
  })

  // An article quoting a label or a message of the console (“Bind device”, “Device is offline”)
  // quotes it as the console shows it, in every language: renaming a button or rewording a
  // message fails here until the articles say the same.
  it.each(LANGUAGES)(
    '%s quotes the console’s own wording wherever English quotes a console message',
    (language) => {
      const missing: string[] = []
      for (const id of HELP_ARTICLE_IDS) {
        const english = fullText(helpEnUS.articles[id])
        const translated = fullText(libraries[language].articles[id])
        for (const [, quote] of english.matchAll(/“([^”]+)”/g)) {
          const keys = [...console['en-us']].filter(([, text]) => text === quote).map(([key]) => key)
          if (keys.length === 0) continue
          const wordings = keys.map((key) => console[language].get(key) ?? '')
          if (!wordings.some((wording) => translated.includes(wording)))
            missing.push(`${id}: “${quote}” → ${wordings.join(' | ')}`)
        }
      }
      expect(missing).toEqual([])
    },
  )

  it('quotes only console wording that exists (each English quote of a message is a catalogue message)', () => {
    // Guards the test above from passing vacuously: the articles do quote the console.
    const quoted = HELP_ARTICLE_IDS.flatMap((id) =>
      [...fullText(helpEnUS.articles[id]).matchAll(/“([^”]+)”/g)].map((match) => match[1]),
    )
    const known = quoted.filter((quote) => [...console['en-us'].values()].includes(quote ?? ''))
    expect(known.length).toBeGreaterThan(40)
  })
})
