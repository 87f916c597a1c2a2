import { afterEach, describe, expect, it, vi } from 'vitest'
import { CORE_CATALOGUES } from './core-catalogues'
import { currentLanguage, i18n, initI18n, switchLanguage } from './i18n'
import { addPageMessages } from './page-messages'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('one language at a time (task: the first paint carries one language)', () => {
  it('starts with the chosen language’s core catalogue only', async () => {
    const load = vi.spyOn(CORE_CATALOGUES, 'zh-cn')
    await initI18n('zh-cn')
    expect(load).toHaveBeenCalledTimes(1)
    expect(i18n.t('common.cancel')).toBe('取消')
    expect(i18n.hasResourceBundle('en-us', 'translation')).toBe(false)
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(false)
  })

  it('downloads another language when the user switches, then switches', async () => {
    await initI18n('zh-cn')
    const load = vi.spyOn(CORE_CATALOGUES, 'es')
    await switchLanguage('es')
    expect(load).toHaveBeenCalledTimes(1)
    expect(currentLanguage()).toBe('es')
    expect(i18n.t('common.cancel')).toBe('Cancelar')
    expect(document.documentElement.lang).toBe('es')
    expect(document.cookie).toContain('lang=es')
    // Back and forth again: each catalogue is fetched once.
    await switchLanguage('zh-cn')
    await switchLanguage('es')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('keeps the current language when the new one cannot be loaded, and may try again', async () => {
    await initI18n('zh-cn')
    const failing = vi.spyOn(CORE_CATALOGUES, 'en-us').mockRejectedValueOnce(new TypeError('offline'))
    await expect(switchLanguage('en-us')).rejects.toThrow('offline')
    expect(currentLanguage()).toBe('zh-cn')
    expect(i18n.t('common.cancel')).toBe('取消')
    await switchLanguage('en-us')
    expect(failing).toHaveBeenCalledTimes(2)
    expect(i18n.t('common.cancel')).toBe('Cancel')
  })

  it('merges a page area’s messages with a core catalogue that arrives later', async () => {
    await initI18n('zh-cn')
    addPageMessages({
      'en-us': { testArea: { hello: 'Hello' } },
      'zh-cn': { testArea: { hello: '你好' } },
      es: { testArea: { hello: 'Hola' } },
    })
    await switchLanguage('es')
    const untypedT = i18n.t as unknown as (key: string) => string
    expect(untypedT('testArea.hello')).toBe('Hola')
    expect(i18n.t('common.cancel')).toBe('Cancelar')
  })
})
