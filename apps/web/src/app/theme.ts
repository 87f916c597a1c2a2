import type { ThemeConfig } from 'antd'

/**
 * antd's default colours, darkened where its defaults fall short of WCAG AA contrast (4.5:1 for
 * text) on white and on their light tints: the primary blue (#1677ff is 4.1:1; blue-7 #0958d9 is
 * 6.0:1, for links, tabs, primary buttons and selected menu items) and secondary text (45 % black
 * is 3.4:1; 60 % is 5.7:1), placeholders included (25 % black is 1.6:1; 55 % is 4.7:1, still
 * lighter than a value). The accessibility spec (e2e/specs/accessibility.spec.ts) holds them.
 */
export const ACCESSIBLE_TOKENS: ThemeConfig['token'] = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  // Danger buttons and error text: #ff4d4f is 3.3:1, red-7 5.9:1.
  colorError: '#cf1322',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
}
