import { CopyOutlined, ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { matchesField, showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/organisation-messages'
import { toast } from '../../shared/ui/feedback'
import { useResetChildPasswords } from './api'
import { generatePassword } from './password'

interface ResetValues {
  password: string
  confirm_password: string
}

export interface ResetPasswordModalProps {
  accounts: readonly { uid: number; username: string }[]
  onClose: () => void
  /** after the reset (the accounts have been logged out everywhere) */
  onDone?: () => void
}

/** A new password for one child account or several, offered ready-made (§5: 6-20 letters and digits). */
export function ResetPasswordModal({ accounts, onClose, onDone }: ResetPasswordModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<ResetValues>()
  const [initialPassword] = useState(() => generatePassword())
  /** i18n key of the message under the form */
  const [failure, setFailure] = useState<string>()
  const reset = useResetChildPasswords()

  function handleGenerate() {
    const password = generatePassword()
    form.setFieldsValue({ password, confirm_password: password })
    void form.validateFields()
  }

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(form.getFieldValue('password') ?? '')
      void toast.success(t('accounts.copied'))
    } catch {
      void toast.error(t('accounts.copyFailed'))
    }
  }

  async function handleFinish(values: ResetValues) {
    setFailure(undefined)
    try {
      await reset.mutateAsync({ uids: accounts.map((account) => account.uid), ...values })
    } catch (error) {
      if (showFieldErrors(form, error)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(t('accounts.resetDone'))
    onDone?.()
    onClose()
  }

  return (
    <Modal
      open
      title={t('accounts.resetTitle')}
      okText={t('accounts.resetPassword')}
      cancelText={t('common.cancel')}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {t('accounts.resetFor', { accounts: accounts.map((account) => account.username).join(', ') })}
      </Typography.Paragraph>
      <Form<ResetValues>
        form={form}
        name="reset_password"
        layout="vertical"
        initialValues={{ password: initialPassword, confirm_password: initialPassword }}
        onFinish={handleFinish}
        onValuesChange={() => setFailure(undefined)}
      >
        <Form.Item
          name="password"
          label={t('accounts.newPassword')}
          extra={t('accounts.passwordHint')}
          required
          rules={[zodRule((r) => r.childPasswordResetRequest.shape.password)]}
        >
          <Input autoComplete="new-password" spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('accounts.confirmPassword')}
          dependencies={['password']}
          required
          rules={[matchesField('password')]}
        >
          <Input autoComplete="new-password" spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Flex gap={8} wrap style={{ marginBottom: failure ? 16 : 0 }}>
          <Button icon={<CopyOutlined aria-hidden />} onClick={() => void handleCopy()}>
            {t('accounts.copy')}
          </Button>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={handleGenerate}>
            {t('accounts.generate')}
          </Button>
        </Flex>
        {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
      </Form>
    </Modal>
  )
}
