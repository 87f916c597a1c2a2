import { theme } from 'antd'
import { type KeyboardEvent, type ReactNode, useRef } from 'react'

export interface TabSwitchItem<K extends string> {
  key: K
  label: ReactNode
}

export interface TabSwitchProps<K extends string> {
  /** prefix of the tab ids; the panel's id is `${id}-panel` */
  id: string
  items: readonly TabSwitchItem<K>[]
  activeKey: K
  onChange: (key: K) => void
  children: ReactNode
}

/**
 * A WAI-ARIA tab list with one panel, drawn like antd's line tabs. antd Tabs brings its
 * overflow menu and dropdown (~17 KB gzip) into the login page's first paint, for two tabs
 * that never overflow.
 */
export function TabSwitch<K extends string>({ id, items, activeKey, onChange, children }: TabSwitchProps<K>) {
  const { token } = theme.useToken()
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const tabId = (key: K) => `${id}-tab-${key}`

  function handleKeyDown(event: KeyboardEvent, index: number) {
    const last = items.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    const item = next === undefined ? undefined : items[next]
    if (next === undefined || !item) return
    event.preventDefault()
    tabs.current[next]?.focus()
    onChange(item.key)
  }

  return (
    <>
      <div
        role="tablist"
        style={{
          display: 'flex',
          gap: 32,
          marginBottom: 24,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {items.map((item, index) => {
          const selected = item.key === activeKey
          return (
            <button
              key={item.key}
              ref={(element) => {
                tabs.current[index] = element
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              onKeyDown={(event) => handleKeyDown(event, index)}
              style={{
                padding: '12px 0',
                marginBottom: -1,
                border: 0,
                borderBottom: `2px solid ${selected ? token.colorPrimary : 'transparent'}`,
                background: 'none',
                color: selected ? token.colorPrimary : token.colorText,
                font: 'inherit',
                fontSize: token.fontSizeLG,
                cursor: 'pointer',
              }}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(activeKey)}>
        {children}
      </div>
    </>
  )
}
