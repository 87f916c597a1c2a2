import { Alert, Form, Input, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/templates-messages'
import { toast } from '../../shared/ui/feedback'
import { type Template, useCopyTemplate, useCreateFromDevice } from './api'
import { DevicePicker } from './DevicePicker'

interface NameForm {
  name: string
  deviceId?: number
}

/** A new template that needs only a name: a copy of one, or one from a device's current configuration. */
export function NameModal({ copying, onClose }: { copying?: Template; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<NameForm>()
  const [failure, setFailure] = useState<string>()
  const copy = useCopyTemplate()
  const fromDevice = useCreateFromDevice()

  async function handleFinish(values: NameForm) {
    setFailure(undefined)
    try {
      if (copying) {
        await copy.mutateAsync({ id: copying.id, name: values.name })
        void toast.success(t('templates.done.copied'))
      } else {
        await fromDevice.mutateAsync({ name: values.name, deviceId: values.deviceId! })
        void toast.success(t('templates.done.created'))
      }
    } catch (error) {
      if (showFieldErrors(form, error, { 600400129: 'name' })) return
      if (isApiError(error) && !error.shown) setFailure(translateKey(error.messageKey))
      return
    }
    onClose()
  }

  return (
    <Modal
      open
      title={copying ? t('templates.form.copyTitle') : t('templates.form.fromDeviceTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={copy.isPending || fromDevice.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<NameForm> form={form} name="templateName" layout="vertical" onFinish={handleFinish}>
        <Form.Item name="name" label={t('templates.form.name')} rules={[zodRule((r) => r.templateName)]}>
          <Input maxLength={25} />
        </Form.Item>
        {!copying && (
          <>
            <Form.Item
              name="deviceId"
              label={t('templates.form.device')}
              rules={[{ required: true, message: t('templates.apply.chooseDevices') }]}
            >
              <DevicePicker placeholder={t('templates.form.devicePlaceholder')} />
            </Form.Item>
            <Typography.Paragraph type="secondary">{t('templates.form.deviceHelp')}</Typography.Paragraph>
          </>
        )}
        {failure && <Alert type="error" showIcon title={failure} />}
      </Form>
    </Modal>
  )
}
