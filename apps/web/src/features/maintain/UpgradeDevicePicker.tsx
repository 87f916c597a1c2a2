import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Select, Spin, Tag } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/device-messages'
import '../../shared/i18n/maintain-messages'
import { type Device, deviceKeys, fetchDeviceList } from '../devices/api'
import { deviceLabel } from '../devices/labels'

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 300
const SEARCH_PAGE = 50

export interface UpgradeDevicePickerProps {
  /** antd's Form.Item passes id (for the label) and aria-invalid */
  id?: string
  'aria-invalid'?: boolean
  value?: number[]
  onChange?: (value: number[]) => void
  /** the chosen devices as the list knows them (model, status): the dialog checks the batch rule on them */
  chosen: readonly Device[]
  onChosen: (devices: Device[]) => void
}

/**
 * Devices of one model from the caller's device list, searched by name or MAC on the server.
 * Once one is chosen the search keeps to its model (§5 "same model").
 */
export function UpgradeDevicePicker({
  value,
  onChange,
  chosen,
  onChosen,
  ...rest
}: UpgradeDevicePickerProps) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const model = chosen[0]?.model
  const request = {
    pageIndex: 1,
    pageOffset: SEARCH_PAGE,
    ...(keyword ? { keyword } : {}),
    ...(model ? { model } : {}),
  }
  const found = useQuery({
    queryKey: [...deviceKeys.list(request), 'upgradePicker'],
    queryFn: ({ signal }) => fetchDeviceList(request, signal),
    placeholderData: keepPreviousData,
  })
  const known = new Map<number, Device>(chosen.map((device) => [device.id, device]))
  for (const device of found.data?.list ?? []) if (!known.has(device.id)) known.set(device.id, device)

  function handleChange(ids: number[]) {
    onChosen(ids.flatMap((id) => known.get(id) ?? []))
    onChange?.(ids)
  }

  const labelOf = (device: Device) => `${deviceLabel(device)} · ${device.model} · ${device.firmware ?? '—'}`
  return (
    <Select<number[]>
      {...rest}
      mode="multiple"
      allowClear
      value={value ?? []}
      onChange={handleChange}
      placeholder={t('maintain.create.searchDevices')}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      options={[...known.values()].map((device) => ({ value: device.id, label: labelOf(device) }))}
      optionRender={(option) => {
        const device = known.get(Number(option.value))
        return (
          <span>
            {option.label} {device && device.status !== 'online' && <Tag>{t('devices.status.offline')}</Tag>}
          </span>
        )
      }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? <Spin size="small" /> : undefined}
    />
  )
}
