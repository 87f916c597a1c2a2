import { describe, expect, it } from 'vitest'
import { helpEnUS } from './articles/en-us'
import { helpEs } from './articles/es'
import { helpZhCN } from './articles/zh-cn'
import { excerptOf, foldForSearch, highlightPieces, searchHelp, searchTerms } from './search'

describe('folding for search', () => {
  it('drops case and accents, one character for one', () => {
    expect(foldForSearch('Señal ÁRBOL')).toBe('senal arbol')
    expect(foldForSearch('Señal ÁRBOL')).toHaveLength('Señal ÁRBOL'.length)
    expect(foldForSearch('告警设置')).toBe('告警设置')
  })

  it('splits a query into terms at spaces and commas, Chinese included', () => {
    expect(searchTerms('  Firmware  upgrade ')).toEqual(['firmware', 'upgrade'])
    expect(searchTerms('告警，静默')).toEqual(['告警', '静默'])
    expect(searchTerms('   ')).toEqual([])
  })
})

describe('highlighting', () => {
  it('marks every occurrence of every term, as written in the text', () => {
    expect(highlightPieces('Mute the alarm; alarms muted', ['alarm', 'mute'])).toEqual([
      { text: 'Mute', match: true },
      { text: ' the ', match: false },
      { text: 'alarm', match: true },
      { text: '; ', match: false },
      { text: 'alarm', match: true },
      { text: 's ', match: false },
      { text: 'mute', match: true },
      { text: 'd', match: false },
    ])
  })

  it('finds an accented word from a plain query and keeps the accent', () => {
    expect(highlightPieces('La señal 4G', ['senal'])).toEqual([
      { text: 'La ', match: false },
      { text: 'señal', match: true },
      { text: ' 4G', match: false },
    ])
  })

  it('leaves a text without terms whole', () => {
    expect(highlightPieces('plain', [])).toEqual([{ text: 'plain', match: false }])
  })
})

describe('searching the articles', () => {
  it('finds an article by a word of its body, the title’s match first', () => {
    const hits = searchHelp(helpEnUS, 'firmware')
    expect(hits[0]?.id).toBe('upgrade')
    expect(hits.map((hit) => hit.id)).toContain('logs')
    const mute = searchHelp(helpEnUS, 'mute')
    expect(mute.map((hit) => hit.id)).toEqual(['alarms'])
  })

  it('needs every word of the query', () => {
    expect(searchHelp(helpEnUS, 'SMTP port').map((hit) => hit.id)).toEqual(['messages'])
    expect(searchHelp(helpEnUS, 'SMTP canary')).toEqual([])
  })

  it('searches the current language: Chinese without spaces, Spanish without accents', () => {
    expect(searchHelp(helpZhCN, '静默').map((hit) => hit.id)).toEqual(['alarms'])
    expect(searchHelp(helpZhCN, '固件')[0]?.id).toBe('upgrade')
    expect(searchHelp(helpEs, 'senal 4g').map((hit) => hit.id)).toContain('alarms')
    expect(searchHelp(helpEnUS, '静默')).toEqual([])
  })

  it('finds nothing for an empty query', () => {
    expect(searchHelp(helpEnUS, '  ')).toEqual([])
  })

  it('gives an excerpt around the first match', () => {
    const text = `${'a '.repeat(200)}needle${' b'.repeat(200)}`
    const excerpt = excerptOf(text, ['needle'], 60)
    expect(excerpt).toContain('needle')
    expect(excerpt.startsWith('…')).toBe(true)
    expect(excerpt.endsWith('…')).toBe(true)
    expect(excerptOf('short', ['x'])).toBe('short')
  })
})
