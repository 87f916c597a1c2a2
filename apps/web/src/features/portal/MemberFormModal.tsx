import { ErrorCode } from '@canopy/shared/errors'
import { Alert, Form, Input, Modal, Switch } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/portal-messages'
import { toast } from '../../shared/ui/feedback'
import { type MemberForm, type PortalMember, useAddMember, useSaveMember } from './methods-api'

const CODE_FIELDS = { [ErrorCode.ACCOUNT_EXISTS]: 'account' }

export interface MemberFormModalProps {
  /** the member to edit; a new one when undefined */
  member?: PortalMember | undefined
  onClose: () => void
}

/** Add or edit a member (§3: account, password, info), with §5's account and password rules. */
export function MemberFormModal({ member, onClose }: MemberFormModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<MemberForm>()
  const [failure, setFailure] = useState<string>()
  const add = useAddMember()
  const save = useSaveMember()

  async function handleFinish(values: MemberForm) {
    setFailure(undefined)
    const request = { ...values, info: values.info ?? '', password: values.password ?? '' }
    try {
      if (member) await save.mutateAsync({ id: member.id, ...request })
      else await add.mutateAsync(request)
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(member ? t('portal.member.saved') : t('portal.member.added'))
    onClose()
  }

  return (
    <Modal
      open
      title={member ? t('portal.member.editTitle') : t('portal.member.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<MemberForm>
        form={form}
        name="member"
        layout="vertical"
        initialValues={
          member
            ? { account: member.account, password: '', info: member.info, enabled: member.enabled }
            : { account: '', password: '', info: '', enabled: true }
        }
        onValuesChange={() => setFailure(undefined)}
        onFinish={handleFinish}
      >
        <Form.Item
          name="account"
          label={t('portal.member.account')}
          required
          rules={[zodRule((r) => r.memberAccount)]}
        >
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('portal.member.password')}
          extra={member ? t('portal.member.passwordKeep') : undefined}
          required={!member}
          rules={[zodRule((r) => (member ? r.memberSaveRequest.shape.password : r.memberPassword))]}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="info" label={t('portal.member.info')} rules={[zodRule((r) => r.memberInfo)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="enabled" label={t('portal.member.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
      </Form>
    </Modal>
  )
}
