import { Select, Spin } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/organisation-messages'
import { type RoleDevice, useDeviceSearch } from './api'

/** Typing pauses this long before the server is asked: one search per word, not per key. */
export const DEVICE_SEARCH_DELAY_MS = 300

export interface DevicePickerProps {
  /** antd's Form.Item passes id (for the label) and aria-invalid */
  id?: string
  'aria-invalid'?: boolean
  value?: number[]
  onChange?: (value: number[]) => void
  /** the devices already chosen (the role's), so their tags read as names before any search */
  known?: readonly RoleDevice[]
  placeholder?: string
}

/** Several of the tenant's devices, searched on the server by name or MAC (§3 role devices). */
export function DevicePicker({ value, onChange, known = [], ...rest }: DevicePickerProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), DEVICE_SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const found = useDeviceSearch(keyword, open)
  // Labels of the chosen devices: the role's own, then whatever was picked from a search.
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map())

  const labelOf = (device: RoleDevice) =>
    device.name ? t('roles.deviceLabel', { name: device.name, mac: device.mac }) : device.mac
  const knownLabels = new Map(known.map((device) => [device.id, labelOf(device)]))
  const labelled = (value ?? []).map((id) => ({
    value: id,
    label: picked.get(id) ?? knownLabels.get(id) ?? String(id),
  }))

  function handleChange(next: { value: number; label?: unknown }[]) {
    setPicked(
      new Map([
        ...picked,
        ...next.flatMap((item) =>
          typeof item.label === 'string' ? [[item.value, item.label] as const] : [],
        ),
      ]),
    )
    onChange?.(next.map((item) => item.value))
  }

  return (
    <Select<{ value: number; label?: unknown }[]>
      {...rest}
      mode="multiple"
      labelInValue
      allowClear
      value={labelled}
      onChange={handleChange}
      onOpenChange={setOpen}
      // The server filters: the list shows what it found, as it found it.
      showSearch={{ filterOption: false, onSearch: setTyped }}
      options={(found.data ?? []).map((device) => ({ value: device.id, label: labelOf(device) }))}
      loading={found.isFetching}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : found.isError ? (
          t('roles.deviceSearchFailed')
        ) : (
          t('roles.noDevicesFound')
        )
      }
    />
  )
}
