import { Checkbox, Form, Input, Modal, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import '../../shared/i18n/device-operations-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import type { Device } from './api'
import { deviceLabel } from './labels'
import { type TimedReboot, useSetTimedReboot } from './operations-api'

export interface TimedRebootModalProps {
  devices: readonly Device[]
  onClose: () => void
  onStarted: (operationId: number) => void
}

/** Sunday first, as the shared rule numbers the days (0-6). */
const DAYS = [0, 1, 2, 3, 4, 5, 6] as const

/** §7 timerestart: the selected devices reboot on these weekdays at this time. */
export function TimedRebootModal({ devices, onClose, onStarted }: TimedRebootModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<TimedReboot>()
  const save = useSetTimedReboot()
  const dayLabels: Record<(typeof DAYS)[number], string> = {
    0: t('deviceOperations.timedReboot.weekdays.0'),
    1: t('deviceOperations.timedReboot.weekdays.1'),
    2: t('deviceOperations.timedReboot.weekdays.2'),
    3: t('deviceOperations.timedReboot.weekdays.3'),
    4: t('deviceOperations.timedReboot.weekdays.4'),
    5: t('deviceOperations.timedReboot.weekdays.5'),
    6: t('deviceOperations.timedReboot.weekdays.6'),
  }

  async function handleFinish(timedReboot: TimedReboot) {
    try {
      const started = await save.mutateAsync({ ids: devices.map((device) => device.id), timedReboot })
      onStarted(started.operation_id)
    } catch (error) {
      if (showFieldErrors(form, error)) return
      if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
    }
  }

  return (
    <Modal
      open
      title={t('deviceOperations.timedReboot.title')}
      okText={t('deviceOperations.timedReboot.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: true }}>
        {t('deviceOperations.selection', { names: devices.map(deviceLabel).join(', ') })}
      </Typography.Paragraph>
      <Form<TimedReboot>
        form={form}
        name="timedReboot"
        layout="vertical"
        initialValues={{ enabled: true, days: [0], time: '03:00' }}
        onFinish={handleFinish}
      >
        <Form.Item name="enabled" label={t('deviceOperations.timedReboot.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="days"
          label={t('deviceOperations.timedReboot.days')}
          required
          rules={[zodRule((r) => r.timedReboot.shape.days)]}
        >
          <Checkbox.Group options={DAYS.map((day) => ({ value: day, label: dayLabels[day] }))} />
        </Form.Item>
        <Form.Item
          name="time"
          label={t('deviceOperations.timedReboot.time')}
          required
          rules={[zodRule((r) => r.timedReboot.shape.time)]}
        >
          <Input type="time" style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
