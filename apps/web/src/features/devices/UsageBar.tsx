import { Progress } from 'antd'

/** Above this, CPU or memory use shows in the error colour. */
const BUSY_PERCENT = 90

/** A small bar for a percentage (CPU, memory), with its number beside it. */
export function UsageBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)))
  return (
    <Progress
      percent={value}
      size="small"
      // antd would turn a full bar into a green "success" tick: keep the number instead.
      status={value >= BUSY_PERCENT ? 'exception' : 'normal'}
      format={(shown) => `${shown}%`}
      aria-label={label}
      style={{ width: 110, margin: 0 }}
    />
  )
}
