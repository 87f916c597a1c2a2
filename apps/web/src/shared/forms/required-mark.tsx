import type { ReactNode } from 'react'

/**
 * antd's required mark, seen but not read. antd draws its asterisk with CSS, which screen
 * readers read as part of the label ("star Account"); the field already carries
 * `aria-required`, so this mark is hidden from them and the field is announced as
 * "Account, required". The console's ConfigProvider gives it to every form.
 */
export function requiredMark(label: ReactNode, { required }: { required: boolean }): ReactNode {
  if (!required) return label
  return (
    <>
      <span
        aria-hidden="true"
        style={{ color: 'var(--ant-color-error, #ff4d4f)', marginInlineEnd: 4, fontFamily: 'sans-serif' }}
      >
        *
      </span>
      {label}
    </>
  )
}
