import { Alert, Form, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import '../../shared/i18n/device-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import type { GroupNode } from '../projects/api'
import { ProjectSelect } from '../projects/ProjectSelect'
import { type Device, useMoveDevices } from './api'
import { deviceLabel } from './labels'

export interface MoveDevicesModalProps {
  devices: readonly Device[]
  tree: readonly GroupNode[]
  onClose: () => void
  onMoved: () => void
}

/** §7 transgroup: the devices go to another project of the caller's. */
export function MoveDevicesModal({ devices, tree, onClose, onMoved }: MoveDevicesModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ gid?: number }>()
  const [failure, setFailure] = useState<string>()
  const move = useMoveDevices()
  // One project shared by all the devices is where they are: start there.
  const current = new Set(devices.map((device) => device.gid))
  const initialGid = current.size === 1 ? (devices[0]?.gid ?? undefined) : undefined

  async function handleFinish({ gid }: { gid?: number }) {
    setFailure(undefined)
    try {
      await move.mutateAsync({ ids: devices.map((device) => device.id), gid: gid ?? 0 })
    } catch (error) {
      if (showFieldErrors(form, error)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(t('devices.move.done'))
    onMoved()
    onClose()
  }

  return (
    <Modal
      open
      title={t('devices.move.title')}
      okText={t('devices.actions.move')}
      cancelText={t('common.cancel')}
      confirmLoading={move.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: true }}>
        {t('devices.move.devices', { names: devices.map(deviceLabel).join(', ') })}
      </Typography.Paragraph>
      <Form<{ gid?: number }>
        form={form}
        name="moveDevices"
        layout="vertical"
        initialValues={{ gid: initialGid }}
        onFinish={handleFinish}
        onValuesChange={() => setFailure(undefined)}
      >
        <Form.Item
          name="gid"
          label={t('devices.move.project')}
          required
          rules={[zodRule((r) => r.deviceMoveRequest.shape.gid)]}
        >
          <ProjectSelect tree={tree} />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
      </Form>
    </Modal>
  )
}
