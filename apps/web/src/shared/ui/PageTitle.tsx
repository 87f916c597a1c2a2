import { Typography } from 'antd'
import type { ReactNode } from 'react'

/** A page's one heading: the size every console page uses, flush with the top of the frame. */
export function PageTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Typography.Title id={id} level={1} style={{ fontSize: 24, marginTop: 0 }}>
      {children}
    </Typography.Title>
  )
}
