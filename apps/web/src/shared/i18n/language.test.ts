import { describe, expect, it } from 'vitest'
import { htmlLangOf, readCookie, resolveLanguage } from './language'

describe('resolveLanguage (§1)', () => {
  it('takes the cookie first', () => {
    expect(resolveLanguage({ cookie: 'es', configured: 'zh-cn', browser: ['en-US'] })).toBe('es')
  })

  it('then the configured default', () => {
    expect(resolveLanguage({ cookie: undefined, configured: 'zh-cn', browser: ['es-ES'] })).toBe('zh-cn')
  })

  it('then the browser’s languages, in order', () => {
    expect(resolveLanguage({ browser: ['fr-FR', 'zh-Hans-CN', 'es'] })).toBe('zh-cn')
    expect(resolveLanguage({ browser: ['es-MX'] })).toBe('es')
  })

  it('skips values it does not support at each step', () => {
    expect(resolveLanguage({ cookie: 'fr', configured: 'de', browser: ['es-AR'] })).toBe('es')
  })

  it('falls back to English', () => {
    expect(resolveLanguage({})).toBe('en-us')
    expect(resolveLanguage({ browser: ['fr', 'de'] })).toBe('en-us')
  })
})

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('a=1; lang=zh-cn; b=2', 'lang')).toBe('zh-cn')
    expect(readCookie('language=es', 'lang')).toBeUndefined()
    expect(readCookie('', 'lang')).toBeUndefined()
  })
})

describe('htmlLangOf', () => {
  it('gives BCP 47 tags', () => {
    expect(htmlLangOf('zh-cn')).toBe('zh-CN')
    expect(htmlLangOf('en-us')).toBe('en-US')
    expect(htmlLangOf('es')).toBe('es')
  })
})
