import { UploadOutlined } from '@ant-design/icons'
import { Button, Flex, Modal, type TableColumnsType, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCompactDateTime } from '../../shared/format'
import '../../shared/i18n/maintain-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { PagedTable } from '../../shared/ui/PagedTable'
import { WithReason } from '../../shared/ui/WithReason'
import { type FirmwarePackage, useDeleteFirmware, useFirmwareList } from './api'
import { FirmwareUploadModal } from './FirmwareUploadModal'
import { sizeParts } from './firmware-file'

const PAGE_SIZE = 10

/** Why a package cannot be deleted now, or undefined: public ones are the operator's, used ones are kept. */
export function packageDeleteRefusal(item: Pick<FirmwarePackage, 'public' | 'in_use'>): string | undefined {
  if (item.public) return 'maintain.firmware.publicReason'
  if (item.in_use) return 'maintain.firmware.inUseReason'
  return undefined
}

/** The firmware packages this account may use: its own uploads and the operator's public ones. */
export function FirmwareTab() {
  const { t } = useTranslation()
  const [pageIndex, setPageIndex] = useState(1)
  const list = useFirmwareList({ pageIndex, pageOffset: PAGE_SIZE })
  const remove = useDeleteFirmware()
  const [uploading, setUploading] = useState(false)
  const [modal, dialogs] = Modal.useModal()

  function confirmDelete(item: FirmwarePackage) {
    confirmDanger(modal, {
      title: t('maintain.firmware.deleteConfirm', { model: item.model, version: item.version }),
      okText: t('maintain.firmware.delete'),
      cancelText: t('common.cancel'),
      // "in use" refused by the server after the list was read
      run: () => remove.mutateAsync(item.id),
      done: t('maintain.firmware.deleted'),
    })
  }

  const size = (bytes: number) => {
    const { unit, value } = sizeParts(bytes)
    return t(`maintain.firmware.sizeUnits.${unit}`, { value })
  }

  const columns: TableColumnsType<FirmwarePackage> = [
    { key: 'model', title: t('maintain.firmware.model'), dataIndex: 'model' },
    {
      key: 'version',
      title: t('maintain.firmware.version'),
      render: (_value, item) => (
        <Flex gap={6} align="center">
          {item.version}
          {item.in_use && <Tag color="processing">{t('maintain.firmware.inUse')}</Tag>}
        </Flex>
      ),
    },
    { key: 'filename', title: t('maintain.firmware.filename'), dataIndex: 'filename', ellipsis: true },
    { key: 'size', title: t('maintain.firmware.size'), render: (_value, item) => size(item.size) },
    {
      key: 'sha256',
      title: t('maintain.firmware.sha256'),
      render: (_value, item) => (
        <Typography.Text code copyable={{ text: item.sha256 }} title={item.sha256}>
          {item.sha256.slice(0, 12)}…
        </Typography.Text>
      ),
    },
    {
      key: 'source',
      title: t('maintain.firmware.source'),
      render: (_value, item) =>
        item.public ? t('maintain.firmware.sourcePublic') : t('maintain.firmware.sourceOwn'),
    },
    {
      key: 'created_at',
      title: t('maintain.firmware.uploadedAt'),
      render: (_value, item) => formatCompactDateTime(item.created_at),
    },
    {
      key: 'actions',
      title: t('maintain.orders.actions'),
      render: (_value, item) => {
        const refusal = packageDeleteRefusal(item)
        return (
          <WithReason reason={refusal ? translateKey(refusal) : undefined}>
            <Button
              type="link"
              size="small"
              danger
              aria-label={`${t('maintain.firmware.delete')} ${item.model} ${item.version}`}
              onClick={() => confirmDelete(item)}
            >
              {t('maintain.firmware.delete')}
            </Button>
          </WithReason>
        )
      },
    },
  ]

  return (
    <>
      <PagedTable<FirmwarePackage>
        list={list}
        columns={columns}
        rowKey="id"
        pageIndex={pageIndex}
        pageSize={PAGE_SIZE}
        onPage={setPageIndex}
        totalText={(total) => t('maintain.firmware.total', { total })}
        loadFailed={t('maintain.firmware.loadFailed')}
        empty={t('maintain.firmware.empty')}
        actions={
          <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setUploading(true)}>
            {t('maintain.firmware.upload')}
          </Button>
        }
      />
      {uploading && <FirmwareUploadModal onClose={() => setUploading(false)} />}
      {dialogs}
    </>
  )
}
