import { can } from '@canopy/shared/permissions'
import { Alert, Card, Empty, Flex, Table, Typography } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import { type Key, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import '../../shared/i18n/device-messages'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import { PageTitle } from '../../shared/ui/PageTitle'
import { useCurrentUser } from '../auth/api'
import { usePermits } from '../auth/grants'
import { useDriftOf } from '../backups/api'
import { useDeviceUpgradeStates } from '../maintain/api'
import { upgradeStateRefusal } from '../maintain/UpgradeState'
import { useProjectTree } from '../projects/api'
import { useTemplateStates } from '../templates/api'
import { TemplateFilter } from '../templates/TemplateFilter'
import {
  type Device,
  type DeviceListQuery,
  type DeviceSortField,
  PAGE_SIZES,
  useDeviceList,
  useDeviceProducts,
} from './api'
import { BatchToolbar } from './BatchToolbar'
import { BindDeviceButton } from './BindDeviceButton'
import { ColumnChooser } from './ColumnChooser'
import { useDeviceColumns } from './column-preferences'
import { DeviceFilters, type FilterChange } from './DeviceFilters'
import { deviceColumns } from './device-columns'
import { deviceLabel } from './labels'
import { type DeviceAction, permittedActions, REMOTE_PERMISSION, ROW_ACTIONS } from './list-actions'
import { deviceListRequestOf, isFiltered, withDeviceListRequest } from './list-params'
import { RowActions } from './RowActions'
import { useDeviceActions } from './use-device-actions'
import { useRemoteManagement } from './use-remote-management'

/**
 * /device/management: the devices the caller may see, filtered, sorted and paged by the server,
 * refreshed every few seconds so that a device going online or offline shows within 5 s.
 */
/** No devices: the template states are not read. */
const NO_IDS: readonly number[] = []

export function DeviceManagementPage() {
  const { t } = useTranslation()
  const permitted = usePermits()
  const { data: user } = useCurrentUser()
  const [params, setParams] = useSearchParams()
  const request = useMemo(() => deviceListRequestOf(params), [params])
  // The section without the "view" function: the server would refuse the list (§6).
  const canView = permitted(can.device('view'))
  const list = useDeviceList(request, canView)
  const tree = useProjectTree()
  const products = useDeviceProducts()
  const nodes = tree.data ?? []
  const [selected, setSelected] = useState<Device[]>([])
  const actions = permittedActions(permitted)
  const canBind = permitted(can.device('bind'))
  const canRemote = permitted(REMOTE_PERMISSION)
  const openRemote = useRemoteManagement()
  const chosenColumns = useDeviceColumns(user?.uid)

  const rows = list.data?.list ?? []
  const total = list.data?.total ?? 0
  // Upgrade status and newer versions of the page's devices (the call is the upgrade function's).
  const pageIds = useMemo(() => rows.map((device) => device.id), [rows])
  const upgradeStates = useDeviceUpgradeStates(pageIds, permitted(can.device('upgrade')))
  const statesById = useMemo(
    () => new Map((upgradeStates.data?.list ?? []).map((state) => [state.id, state])),
    [upgradeStates.data],
  )
  // Each device's template, read only while its column shows.
  const templateStates = useTemplateStates(chosenColumns.columns.includes('template') ? pageIds : NO_IDS)
  const templatesById = useMemo(
    () => new Map((templateStates.data ?? []).map((state) => [state.id, state])),
    [templateStates.data],
  )
  // "Changed on the device" beside each drifted device (the filter beside the list keeps only them).
  const drifted = useDriftOf(pageIds)
  const upgradeRefusal = (action: DeviceAction, devices: readonly Device[]) =>
    action === 'upgrade'
      ? devices.map((device) => upgradeStateRefusal(statesById.get(device.id))).find(Boolean)
      : undefined
  // The selection as it is now: the list refreshes, and a selected device may have changed status.
  const current = useMemo(() => {
    const fresh = new Map(rows.map((device) => [device.id, device]))
    return selected.map((device) => fresh.get(device.id) ?? device)
  }, [rows, selected])

  const { run, dialogs } = useDeviceActions(nodes, permitted, (action: DeviceAction, ids: number[]) => {
    if (action !== 'move') setSelected((kept) => kept.filter((device) => !ids.includes(device.id)))
  })

  function changeRequest(next: Partial<DeviceListQuery>) {
    setParams(withDeviceListRequest({ ...request, ...next }), { replace: true })
  }

  // A selection is kept across pages, not across filters: what it holds would be out of sight.
  function handleFilter(change: FilterChange) {
    setSelected([])
    changeRequest({ ...change, pageIndex: 1 })
  }

  // Unbinding or deleting can leave the page past the end: go to the last page there is.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || request.pageIndex === 1) return
    const last = Math.max(1, Math.ceil(total / request.pageOffset))
    if (request.pageIndex > last)
      setParams(withDeviceListRequest({ ...request, pageIndex: last }), { replace: true })
  }, [list.data, list.isPlaceholderData, total, request, setParams])

  const rowActions = actions.filter((action) => ROW_ACTIONS.includes(action))
  const columns = deviceColumns({
    t,
    request,
    rootLabel: t('projects.rootName'),
    shown: chosenColumns.columns,
    upgradeStates: statesById,
    templateStates: templatesById,
    drifted: drifted.data,
    rowActions: (device) => (
      <RowActions
        device={device}
        actions={rowActions}
        permitted={permitted}
        onAction={(action, row) => run(action, [row])}
        refusalOf={(action, row) => upgradeRefusal(action, [row])}
        onRemote={canRemote ? openRemote : undefined}
      />
    ),
  })

  return (
    <>
      <PageTitle>{t('menu.deviceManagement')}</PageTitle>
      <Card>
        <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 16 }}>
          <DeviceFilters
            request={request}
            tree={nodes}
            products={products.data ?? []}
            onChange={handleFilter}
            onClear={() => {
              setSelected([])
              changeRequest({ ...withoutFilters(request), pageIndex: 1 })
            }}
            extra={<TemplateFilter value={request.tpl} onChange={(tpl) => handleFilter({ tpl })} />}
          />
          {/* Every account allowed to bind may do it here; the primary has no top-bar button (§2). */}
          {canBind && <BindDeviceButton withHint={user?.is_master === 1} />}
        </Flex>
        <Flex
          justify="space-between"
          align="center"
          gap={16}
          wrap
          style={{ marginBottom: 12, minHeight: 32 }}
        >
          <Typography.Text type="secondary" role="status">
            {list.data ? t('devices.list.total', { total }) : ''}
          </Typography.Text>
          <Flex gap={8} align="center" wrap>
            {actions.length > 0 && current.length > 0 && (
              <BatchToolbar
                selection={current}
                actions={actions}
                permitted={permitted}
                onRun={run}
                refusalOf={upgradeRefusal}
              />
            )}
            <ColumnChooser
              shown={chosenColumns.columns}
              onChange={chosenColumns.choose}
              onReset={chosenColumns.reset}
            />
          </Flex>
        </Flex>
        {!canView ? (
          <Alert type="info" showIcon title={t('errors.noPermission')} />
        ) : list.isError && !list.data ? (
          <ErrorWithRetry
            title={t('devices.list.loadFailed')}
            onRetry={() => list.refetch()}
            retrying={list.isFetching}
          />
        ) : (
          <Table<Device>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            // Only the first load and page changes spin: the refresh every few seconds is silent.
            loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
            rowSelection={
              actions.length > 0
                ? {
                    selectedRowKeys: current.map((device) => device.id),
                    preserveSelectedRowKeys: true,
                    onChange: (keys, picked) => setSelected(selectionOf(keys, picked, selected)),
                    getCheckboxProps: (device) => ({
                      'aria-label': t('devices.list.selectDevice', { name: deviceLabel(device) }),
                    }),
                  }
                : undefined
            }
            locale={{
              // "No devices" only once a load has said so: under the first load's spinner, nothing.
              emptyText:
                list.data && !list.isPlaceholderData ? (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={isFiltered(request) ? t('devices.list.noMatch') : t('devices.list.empty')}
                  />
                ) : (
                  <div style={{ minHeight: 96 }} />
                ),
            }}
            onChange={(_pagination, _filters, sorter, extra) => {
              if (extra.action !== 'sort') return
              const { columnKey, order } = sorter as SorterResult<Device>
              changeRequest(
                order
                  ? {
                      sort: columnKey as DeviceSortField,
                      order: order === 'ascend' ? 'asc' : 'desc',
                      pageIndex: 1,
                    }
                  : { sort: undefined, order: undefined, pageIndex: 1 },
              )
            }}
            pagination={{
              current: request.pageIndex,
              pageSize: request.pageOffset,
              total,
              pageSizeOptions: PAGE_SIZES,
              showSizeChanger: true,
              onChange: (pageIndex, pageOffset) =>
                changeRequest({ pageIndex: pageOffset === request.pageOffset ? pageIndex : 1, pageOffset }),
            }}
            scroll={{ x: 'max-content' }}
            size="middle"
          />
        )}
      </Card>
      {dialogs}
    </>
  )
}

function withoutFilters(request: DeviceListQuery): DeviceListQuery {
  return {
    pageIndex: request.pageIndex,
    pageOffset: request.pageOffset,
    ...(request.sort ? { sort: request.sort, order: request.order } : {}),
  }
}

/**
 * The selected devices for antd's keys: rows of other pages (kept by preserveSelectedRowKeys)
 * may come back undefined, so they are taken from the previous selection.
 */
function selectionOf(
  keys: readonly Key[],
  picked: readonly (Device | undefined)[],
  previous: readonly Device[],
): Device[] {
  const known = new Map(previous.map((device) => [device.id, device]))
  for (const device of picked) if (device) known.set(device.id, device)
  return keys.flatMap((key) => known.get(Number(key)) ?? [])
}
