import { can } from '@canopy/shared/permissions'
import { GUEST_METHODS, GUEST_STATUSES, type GuestMethod, type GuestStatus } from '@canopy/shared/validation'
import { Button, Flex, Input, Modal, Select, type TableColumnsType, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/device-portal-messages'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { PagedTable } from '../../shared/ui/PagedTable'
import { usePermits } from '../auth/grants'
import { saveFile } from '../maintain/save-file'
import {
  exportGuestDetails,
  type GuestDetail,
  type GuestDetailFilters,
  useGuestDetails,
  useKickGuest,
} from './api'

const PAGE_SIZE = 10
const STATUS_COLOURS: Record<GuestStatus, string> = { issued: 'gold', active: 'green', ended: 'default' }

/**
 * /auth/detail (§2, every account granted the section): who authenticated on the caller's
 * devices, where and how, with their traffic; filters, a CSV export of what is shown, and a
 * kick-off that ends a guest's session at its gateway's next check.
 */
export function GuestDetailsPage() {
  const { t } = useTranslation()
  const permitted = usePermits()
  const canKick = permitted(can.operate('auth'))
  const [pageIndex, setPageIndex] = useState(1)
  const [filters, setFilters] = useState<GuestDetailFilters>({})
  const list = useGuestDetails(pageIndex, PAGE_SIZE, filters)
  const kick = useKickGuest()
  const [modal, dialogs] = Modal.useModal()
  const [exporting, setExporting] = useState(false)

  function filter(next: GuestDetailFilters) {
    setFilters((current) => ({ ...current, ...next }))
    setPageIndex(1)
  }

  async function handleExport() {
    setExporting(true)
    try {
      saveFile(await exportGuestDetails(filters), 'authentication-details.csv')
    } catch (error) {
      // The API client has shown the refusal; anything else is a bug to surface.
      if (!isApiError(error)) throw error
    } finally {
      setExporting(false)
    }
  }

  function confirmKick(row: GuestDetail) {
    confirmDanger(modal, {
      title: t('guestDetails.kickTitle', { mac: row.client_mac }),
      content: t('guestDetails.kickContent'),
      okText: t('guestDetails.kick'),
      cancelText: t('common.cancel'),
      run: () => kick.mutateAsync(row.id),
      done: t('guestDetails.kicked'),
    })
  }

  const words = (key: string) => t(key as 'guestDetails.title')
  const columns: TableColumnsType<GuestDetail> = [
    { key: 'mac', title: t('guestDetails.clientMac'), dataIndex: 'client_mac' },
    { key: 'ip', title: t('guestDetails.clientIp'), render: (_, row) => row.client_ip ?? '—' },
    {
      key: 'device',
      title: t('guestDetails.device'),
      render: (_, row) => `${row.device_name} (${row.device_mac})`,
    },
    {
      key: 'ssid',
      title: t('guestDetails.ssid'),
      render: (_, row) => words(`devicePortal.targets.${row.target}`),
    },
    {
      key: 'method',
      title: t('guestDetails.method'),
      render: (_, row) => words(`guestDetails.methods.${row.method}`),
    },
    { key: 'account', title: t('guestDetails.account'), render: (_, row) => row.account ?? '—' },
    {
      key: 'time',
      title: t('guestDetails.time'),
      render: (_, row) => formatCompactDateTime(row.authenticated_at ?? row.created_at),
    },
    {
      key: 'expires',
      title: t('guestDetails.expires'),
      render: (_, row) =>
        row.expires_at ? formatCompactDateTime(row.expires_at) : t('guestDetails.permanent'),
    },
    {
      key: 'traffic',
      title: t('guestDetails.traffic'),
      render: (_, row) => `${row.incoming_bytes.toLocaleString()} / ${row.outgoing_bytes.toLocaleString()}`,
    },
    {
      key: 'status',
      title: t('guestDetails.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLOURS[row.status]}>{words(`guestDetails.statuses.${row.status}`)}</Tag>
      ),
    },
    ...(canKick
      ? [
          {
            key: 'actions',
            title: '',
            render: (_: unknown, row: GuestDetail) =>
              row.status !== 'ended' && (
                <Button size="small" danger onClick={() => confirmKick(row)}>
                  {t('guestDetails.kick')}
                </Button>
              ),
          },
        ]
      : []),
  ]

  return (
    <>
      {dialogs}
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('guestDetails.searchMac')}
          aria-label={t('guestDetails.searchMac')}
          maxLength={17}
          style={{ width: 220 }}
          onSearch={(value) => filter({ mac: value.trim() || undefined })}
        />
        <Select<GuestMethod | ''>
          aria-label={t('guestDetails.method')}
          style={{ width: 180 }}
          value={filters.method ?? ''}
          onChange={(value) => filter({ method: value || undefined })}
          options={[
            { value: '', label: t('guestDetails.allMethods') },
            ...GUEST_METHODS.map((method) => ({
              value: method,
              label: words(`guestDetails.methods.${method}`),
            })),
          ]}
        />
        <Select<GuestStatus | ''>
          aria-label={t('guestDetails.status')}
          style={{ width: 160 }}
          value={filters.status ?? ''}
          onChange={(value) => filter({ status: value || undefined })}
          options={[
            { value: '', label: t('guestDetails.allStatuses') },
            ...GUEST_STATUSES.map((status) => ({
              value: status,
              label: words(`guestDetails.statuses.${status}`),
            })),
          ]}
        />
      </Flex>
      <PagedTable<GuestDetail>
        list={list}
        columns={columns}
        rowKey={(row) => String(row.id)}
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('guestDetails.total', { count: total })}
        loadFailed={t('guestDetails.loadFailed')}
        empty={t('guestDetails.empty')}
        actions={
          <Button onClick={() => void handleExport()} loading={exporting}>
            {t('guestDetails.export')}
          </Button>
        }
      />
    </>
  )
}
