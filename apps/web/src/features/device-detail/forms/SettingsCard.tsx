import { Card } from 'antd'
import { type ReactNode, useId } from 'react'

/** One part of a tab, a region named by its title (screen readers and tests find it by name). */
export function SettingsCard({
  title,
  extra,
  children,
}: {
  title: string
  extra?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} style={{ marginBottom: 16 }}>
      <Card
        size="small"
        title={
          <h3 id={id} style={{ margin: 0, fontSize: 15 }}>
            {title}
          </h3>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  )
}
