import { TimePicker } from 'antd'
import dayjs from 'dayjs'

export interface TimeInputProps {
  id?: string
  /** 'HH:mm', as the settings keep times */
  value?: string
  onChange?: (value: string) => void
  disabled?: boolean
}

/** A time of day for a form field: the picker's dayjs value in, the settings' 'HH:mm' text out. */
export function TimeInput({ id, value, onChange, disabled }: TimeInputProps) {
  const parsed = value ? dayjs(`2000-01-01T${value}`) : null
  return (
    <TimePicker
      id={id}
      format="HH:mm"
      needConfirm={false}
      disabled={disabled}
      value={parsed?.isValid() ? parsed : null}
      onChange={(time) => onChange?.(time ? time.format('HH:mm') : '')}
      style={{ width: '100%' }}
    />
  )
}
