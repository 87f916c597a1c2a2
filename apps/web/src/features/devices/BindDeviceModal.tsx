import { ErrorCode } from '@canopy/shared/errors'
import {
  DEFAULT_DEVICE_ACCOUNT,
  DEVICE_ACCOUNT_MAX,
  MANAGEMENT_PASSWORD_MAX,
} from '@canopy/shared/validation'
import { Alert, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import '../../shared/i18n/device-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import { useProjectTree } from '../projects/api'
import { ProjectTreePicker } from '../projects/ProjectTreePicker'
import { useBindDevice } from './api'
import { macInput } from './mac-input'

interface BindValues {
  username?: string
  password?: string
  mac?: string
  gid?: number
}

/** §8 bind refusals that belong to one field; the others show above the buttons. */
const CODE_FIELDS = {
  [ErrorCode.BIND_ACCOUNT_EMPTY]: 'username',
  [ErrorCode.BIND_PASSWORD_EMPTY]: 'password',
  [ErrorCode.BIND_MAC_ERROR]: 'mac',
}

/**
 * §2 bind-device dialog: device account (empty = admin), management password, MAC, and one
 * project ticked in the group tree. The server checks the account and password against what the
 * device itself reported, then binds it; the device shows in the list within seconds.
 */
export function BindDeviceModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<BindValues>()
  /** i18n key of the message above the buttons */
  const [failure, setFailure] = useState<string>()
  const tree = useProjectTree()
  const bind = useBindDevice()

  async function handleFinish(values: BindValues) {
    setFailure(undefined)
    try {
      await bind.mutateAsync({
        mac: macInput(values.mac),
        username: values.username?.trim() || DEFAULT_DEVICE_ACCOUNT,
        password: values.password ?? '',
        gid: String(values.gid ?? ''),
      })
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(t('devices.bind.success'))
    onClose()
  }

  return (
    <Modal
      open
      width={600}
      title={t('devices.bind.title')}
      okText={t('devices.bind.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={bind.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<BindValues>
        form={form}
        name="bindDevice"
        layout="vertical"
        onFinish={handleFinish}
        onValuesChange={() => setFailure(undefined)}
        autoComplete="off"
      >
        <Form.Item
          name="username"
          label={t('devices.bind.account')}
          extra={t('devices.bind.accountHint')}
          rules={[zodRule((r) => r.bindRequest.shape.username)]}
        >
          <Input placeholder={DEFAULT_DEVICE_ACCOUNT} maxLength={DEVICE_ACCOUNT_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('devices.bind.password')}
          required
          rules={[zodRule((r) => r.bindRequest.shape.password)]}
        >
          <Input.Password maxLength={MANAGEMENT_PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="mac"
          label={t('devices.bind.mac')}
          extra={t('devices.bind.macHint')}
          required
          normalize={macInput}
          rules={[zodRule((r) => r.mac)]}
        >
          {/* Room for the longer forms and a pasted label's spaces: the normaliser shortens them. */}
          <Input placeholder="XX:XX:XX:XX:XX:XX" maxLength={32} spellCheck={false} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="gid"
          label={t('devices.bind.project')}
          required
          rules={[zodRule((r) => r.bindRequest.shape.gid)]}
        >
          <ProjectTreePicker
            tree={tree.data ?? []}
            label={t('devices.bind.projectTree')}
            empty={tree.isPending ? t('common.loading') : t('devices.bind.noProjects')}
          />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
      </Form>
    </Modal>
  )
}
