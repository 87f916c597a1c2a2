import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useEffect, useState } from 'react'
import { type Device, deviceKeys, fetchDeviceList } from '../devices/api'
import { deviceLabel } from '../devices/labels'

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 300
const SEARCH_PAGE = 50

export interface DevicePickerProps {
  id?: string
  'aria-invalid'?: boolean
  'aria-label'?: string
  placeholder?: string
  multiple?: boolean
  value?: number | number[]
  onChange?: (value: number | number[]) => void
  /** the chosen devices as the list knows them (status, model): the dialog checks the batch rules on them */
  onChosen?: (devices: Device[]) => void
}

/** Devices of the caller's list, searched by name or MAC on the server. */
export function DevicePicker({ multiple, value, onChange, onChosen, ...rest }: DevicePickerProps) {
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  const [known, setKnown] = useState(new Map<number, Device>())
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const request = { pageIndex: 1, pageOffset: SEARCH_PAGE, ...(keyword ? { keyword } : {}) }
  const found = useQuery({
    queryKey: deviceKeys.list(request),
    queryFn: ({ signal }) => fetchDeviceList(request, signal),
    placeholderData: keepPreviousData,
  })
  useEffect(() => {
    if (!found.data) return
    setKnown(
      (current) => new Map([...current, ...found.data.list.map((device) => [device.id, device] as const)]),
    )
  }, [found.data])

  function handleChange(next: number | number[]) {
    onChange?.(next)
    const ids = Array.isArray(next) ? next : [next]
    onChosen?.(ids.map((id) => known.get(id)).filter((device): device is Device => device !== undefined))
  }

  return (
    <Select<number | number[]>
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={handleChange}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      options={(found.data?.list ?? []).map((device) => ({
        value: device.id,
        label: `${deviceLabel(device)} · ${device.model} · ${device.mac}`,
      }))}
    />
  )
}
