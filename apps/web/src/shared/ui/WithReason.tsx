import { Tooltip } from 'antd'
import { type CSSProperties, cloneElement, type ReactElement, useId } from 'react'

type Control = ReactElement<{ disabled?: boolean; style?: CSSProperties; 'aria-describedby'?: string }>

export interface WithReasonProps {
  /** why the control is refused now (translated); none: the control is left as it is */
  reason: string | undefined
  children: Control
}

/**
 * A control the rules refuse right now: disabled, with the reason on hover and as its
 * accessible description, instead of a refusal after the click. The wrapper takes the hover,
 * since a disabled button hears no mouse events, and the keyboard's focus, since a disabled
 * button cannot be tabbed to: a keyboard user reaches it in its place and hears why.
 */
export function WithReason({ reason, children }: WithReasonProps) {
  const id = useId()
  if (!reason) return children
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the only way a keyboard reaches the reason */}
      <span tabIndex={0} style={{ display: 'inline-flex', cursor: 'not-allowed' }}>
        {cloneElement(children, {
          disabled: true,
          'aria-describedby': id,
          style: { ...children.props.style, pointerEvents: 'none' },
        })}
        <span id={id} hidden>
          {reason}
        </span>
      </span>
    </Tooltip>
  )
}
