import type { ReactNode } from 'react'

/** A settings form's fields side by side where there is room, one per line on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: 16 }}
    >
      {children}
    </div>
  )
}
