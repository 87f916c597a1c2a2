import { describe, expect, it } from 'vitest'
import { alarmsCatalogues } from './alarms'
import { backupsCatalogues } from './backups'
import { deviceOperationsCatalogues } from './device-operations'
import { devicePortalCatalogues } from './device-portal'
import { deviceSettingsCatalogues } from './device-settings'
import { devicesCatalogues } from './devices'
import { enUS } from './en-us'
import { es } from './es'
import { helpCenterCatalogues } from './help'
import { catalogues, LANGUAGES, type Language } from './index'
import { maintainCatalogues } from './maintain'
import { messagesCatalogues } from './messages'
import { organisationCatalogues } from './organisation'
import { portalCatalogues } from './portal'
import { portalGuestCatalogues } from './portal-guest'
import { templatesCatalogues } from './templates'
import { trafficCatalogues } from './traffic'
import { zhCN } from './zh-cn'

/** Every leaf of a catalogue as [dotted key, value]. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]]
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key))
}

/** The {{placeholders}} a message interpolates, and the <tags> it wraps text in. */
function markers(value: string): string[] {
  return [...value.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\/?\w+)>/g)].map((m) => m[1] ?? m[2] ?? '').sort()
}

const reference = leaves(catalogues['en-us'])

/**
 * The core catalogue (first paint) and each page area's messages (loaded with its pages): the
 * same rules hold for every one of them.
 */
const sets = {
  core: catalogues,
  organisation: organisationCatalogues,
  devices: devicesCatalogues,
  'device-operations': deviceOperationsCatalogues,
  'device-settings': deviceSettingsCatalogues,
  traffic: trafficCatalogues,
  maintain: maintainCatalogues,
  templates: templatesCatalogues,
  alarms: alarmsCatalogues,
  backups: backupsCatalogues,
  portal: portalCatalogues,
  'device-portal': devicePortalCatalogues,
  'portal-guest': portalGuestCatalogues,
  messages: messagesCatalogues,
  help: helpCenterCatalogues,
} as const satisfies Record<string, Record<Language, object>>

describe.each(Object.entries(sets))('i18n catalogues: %s', (_name, set) => {
  const english = leaves(set['en-us'])
  const englishKeys = english.map(([key]) => key).sort()

  it.each(LANGUAGES)('%s has exactly the keys of en-us', (language) => {
    const keys = leaves(set[language])
      .map(([key]) => key)
      .sort()
    expect(keys).toEqual(englishKeys)
  })

  it.each(LANGUAGES)('%s has no empty message', (language) => {
    const empty = leaves(set[language]).filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    )
    expect(empty).toEqual([])
  })

  it.each(LANGUAGES)('%s uses the same placeholders and tags as en-us', (language) => {
    const values = new Map(leaves(set[language]))
    const mismatched = english
      .filter(([key, message]) => {
        const translated = values.get(key)
        return (
          typeof translated === 'string' && markers(translated).join() !== markers(String(message)).join()
        )
      })
      .map(([key]) => key)
    expect(mismatched).toEqual([])
  })
})

describe('page areas’ messages', () => {
  it('never reuse a core section, so adding them cannot change a core message', () => {
    const core = Object.keys(catalogues['en-us'])
    for (const set of Object.values(sets).filter((candidate) => candidate !== catalogues)) {
      expect(Object.keys(set['en-us']).filter((section) => core.includes(section))).toEqual([])
    }
  })

  it('never share a section with one another', () => {
    const sections = Object.values(sets)
      .filter((candidate) => candidate !== catalogues)
      .flatMap((set) => Object.keys(set['en-us']))
    expect(sections.length).toBe(new Set(sections).size)
  })
})

describe('the per-language entry points', () => {
  it('are the catalogues the server uses, one language each', () => {
    expect({ 'en-us': enUS, 'zh-cn': zhCN, es }).toEqual(catalogues)
  })

  it('leave the language helpers free of catalogues (the console’s first paint carries one language)', async () => {
    const nodeFs: string = 'node:fs'
    const { readFileSync } = (await import(/* @vite-ignore */ nodeFs)) as FileSystem
    const source = readFileSync(new URL('./languages.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^import (?!type)/m)
  })
})

/** What this test needs of node:fs (the package is isomorphic and has no Node types). */
interface FileSystem {
  readdirSync(path: URL): string[]
  readFileSync(path: URL, encoding: 'utf8'): string
}

describe('the shared rules’ message keys', () => {
  it('all have a message in en-us (and so, by the tests above, everywhere)', async () => {
    const nodeFs: string = 'node:fs'
    const { readdirSync, readFileSync } = (await import(/* @vite-ignore */ nodeFs)) as FileSystem
    const dir = new URL('../validation/', import.meta.url)
    const used = new Set<string>()
    for (const file of readdirSync(dir).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    )) {
      for (const match of readFileSync(new URL(file, dir), 'utf8').matchAll(
        /'(validation\.[A-Za-z0-9_]+)'/g,
      )) {
        used.add(match[1] ?? '')
      }
    }
    expect(used.size).toBeGreaterThan(10)
    const english = new Map(reference)
    expect([...used].filter((key) => typeof english.get(key) !== 'string')).toEqual([])
  })
})
