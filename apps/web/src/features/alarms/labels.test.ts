import { beforeAll, describe, expect, it } from 'vitest'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import { categoryLabel, readingOf, thresholdUnit } from './labels'

beforeAll(async () => {
  await initI18n('en-us')
})

describe('alarm labels', () => {
  it('names each category and the unit of its threshold', () => {
    const t = i18n.t.bind(i18n)
    expect(categoryLabel(t, 'signal')).toBe('4G signal below')
    expect(thresholdUnit(t, 'signal')).toBe('dBm')
    expect(thresholdUnit(t, 'cpu')).toBe('%')
    expect(thresholdUnit(t, 'offline')).toBeUndefined()
    expect(categoryLabel(t, 'drift')).toBe('Configuration drift')
    expect(thresholdUnit(t, 'drift')).toBeUndefined()
  })

  it('shows a reading beside its threshold, or what the event said', () => {
    const t = i18n.t.bind(i18n)
    expect(readingOf(t, { category: 'cpu', value: 97.5, threshold: 80, detail: null })).toBe(
      '97.5 % (threshold 80 %)',
    )
    expect(
      readingOf(t, {
        category: 'wan_ip_changed',
        value: null,
        threshold: null,
        detail: '10.0.0.2 → 10.0.0.9',
      }),
    ).toBe('10.0.0.2 → 10.0.0.9')
    expect(readingOf(t, { category: 'offline', value: null, threshold: null, detail: null })).toBe('')
  })

  it('speaks Spanish and Chinese too', async () => {
    await i18n.changeLanguage('es')
    expect(categoryLabel(i18n.t.bind(i18n), 'wan_down')).toBe('WAN caída')
    expect(categoryLabel(i18n.t.bind(i18n), 'drift')).toBe('Desviación de la configuración')
    await i18n.changeLanguage('zh-cn')
    expect(categoryLabel(i18n.t.bind(i18n), 'wan_down')).toBe('WAN 断开')
    expect(categoryLabel(i18n.t.bind(i18n), 'drift')).toBe('配置偏离')
    await i18n.changeLanguage('en-us')
  })
})
