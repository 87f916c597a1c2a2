import type { DeviceType } from '@canopy/shared/protocol'
import { normaliseDeviceKeyword } from '@canopy/shared/validation'
import { Button, Checkbox, Flex, Input, Select } from 'antd'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import '../../shared/i18n/device-messages'
import type { GroupNode } from '../projects/api'
import { ProjectSelect } from '../projects/ProjectSelect'
import type { DeviceListQuery, DeviceProduct, DeviceStatus } from './api'
import { firmwareOptions } from './firmware-options'
import { deviceTypeLabels } from './labels'
import { isFiltered } from './list-params'

export type FilterChange = Partial<
  Pick<DeviceListQuery, 'gid' | 'status' | 'type' | 'model' | 'firmware' | 'keyword' | 'drift' | 'tpl'>
>

export interface DeviceFiltersProps {
  request: DeviceListQuery
  tree: readonly GroupNode[]
  products: readonly DeviceProduct[]
  onChange: (change: FilterChange) => void
  onClear: () => void
  /** filters of other areas (a configuration template), shown before "clear" */
  extra?: ReactNode
}

const ALL = 'all'

/** A new type; the chosen model goes when it is of another type (it would match nothing). */
function typeChange(
  type: DeviceType | undefined,
  model: string | undefined,
  products: readonly DeviceProduct[],
): FilterChange {
  const keepsModel = !type || !model || products.some((p) => p.model === model && p.type === type)
  return keepsModel ? { type } : { type, model: undefined }
}

/** The list's filters: project (its subtree), status, type, model, firmware, name or MAC. */
export function DeviceFilters({ request, tree, products, onChange, onClear, extra }: DeviceFiltersProps) {
  const { t } = useTranslation()
  const typeLabels = deviceTypeLabels(t)
  // Only the types and models the catalogue has; a chosen type narrows the models.
  const types = useMemo(() => [...new Set(products.map((product) => product.type))], [products])
  const models = useMemo(
    () => products.filter((product) => !request.type || product.type === request.type),
    [products, request.type],
  )
  const firmware = useMemo(
    () => firmwareOptions(products, { type: request.type, model: request.model, firmware: request.firmware }),
    [products, request.type, request.model, request.firmware],
  )

  return (
    <Flex gap={8} wrap align="center">
      <ProjectSelect
        tree={tree}
        value={request.gid}
        onChange={(gid) => onChange({ gid })}
        allowClear
        placeholder={t('devices.list.allProjects')}
        aria-label={t('devices.list.project')}
        style={{ width: 200 }}
      />
      <Select<DeviceStatus | typeof ALL>
        aria-label={t('devices.list.statusFilter')}
        value={request.status ?? ALL}
        onChange={(status) => onChange({ status: status === ALL ? undefined : status })}
        options={[
          { value: ALL, label: t('devices.list.allStatuses') },
          { value: 'online', label: t('devices.status.online') },
          { value: 'offline', label: t('devices.status.offline') },
        ]}
        style={{ width: 140 }}
      />
      <Select<DeviceType | typeof ALL>
        aria-label={t('devices.list.typeFilter')}
        value={request.type ?? ALL}
        onChange={(type) => onChange(typeChange(type === ALL ? undefined : type, request.model, products))}
        options={[
          { value: ALL, label: t('devices.list.allTypes') },
          ...types.map((type) => ({ value: type, label: typeLabels[type] })),
        ]}
        style={{ width: 150 }}
      />
      <Select<string>
        aria-label={t('devices.list.modelFilter')}
        value={request.model ?? ALL}
        onChange={(model) => onChange({ model: model === ALL ? undefined : model })}
        options={[
          { value: ALL, label: t('devices.list.allModels') },
          ...models.map((product) => ({ value: product.model, label: product.model, title: product.name })),
        ]}
        showSearch
        style={{ width: 150 }}
      />
      {/* The server matches a version exactly: offer the versions the caller's devices run. */}
      <Select<string>
        aria-label={t('devices.list.firmwareFilter')}
        value={request.firmware ?? ALL}
        onChange={(version) => onChange({ firmware: version === ALL ? undefined : version })}
        options={[
          { value: ALL, label: t('devices.list.allFirmware') },
          ...firmware.map((version) => ({ value: version, label: version })),
        ]}
        showSearch
        style={{ width: 160 }}
      />
      <Input.Search
        key={`keyword:${request.keyword ?? ''}`}
        aria-label={t('devices.list.search')}
        placeholder={t('devices.list.search')}
        defaultValue={request.keyword}
        allowClear
        // A whole MAC in any form is searched as stored (the server reads it the same way).
        onSearch={(keyword) => onChange({ keyword: normaliseDeviceKeyword(keyword.trim()) || undefined })}
        style={{ width: 240 }}
      />
      <Checkbox
        checked={request.drift ?? false}
        onChange={(event) => onChange({ drift: event.target.checked ? true : undefined })}
      >
        {t('backups.drift.filter')}
      </Checkbox>
      {extra}
      {isFiltered(request) && <Button onClick={onClear}>{t('devices.list.clearFilters')}</Button>}
    </Flex>
  )
}
