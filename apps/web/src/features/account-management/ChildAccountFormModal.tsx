import { ErrorCode } from '@canopy/shared/errors'
import { ADMINISTRATOR_LEVEL, OPERATOR_LEVEL } from '@canopy/shared/permissions'
import { Alert, Col, Form, Input, Modal, Radio, Row, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { matchesField, phoneWithCountryCode, type Rules, showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/organisation-messages'
import { toast } from '../../shared/ui/feedback'
import { CountryCodeSelect } from '../countries/CountryCodeSelect'
import {
  type ChildAccount,
  type ChildProfile,
  saveRequestFor,
  useAddChild,
  useRoles,
  useSaveChild,
} from './api'

interface ChildValues {
  username?: string
  password?: string
  confirm_password?: string
  nickname?: string
  email?: string
  country_code?: string
  phone?: string
  address?: string
  level: number
  role_ids: number[]
}

const CODE_FIELDS = {
  [ErrorCode.ACCOUNT_EXISTS]: 'username',
  [ErrorCode.ACCOUNT_FORMAT]: 'username',
  [ErrorCode.EMAIL_TAKEN]: 'email',
  [ErrorCode.PHONE_TAKEN]: 'phone',
  [ErrorCode.COUNTRY_CODE_INVALID]: 'country_code',
  [ErrorCode.ROLE_REQUIRED]: 'role_ids',
}

function valuesOf(account: ChildAccount): ChildValues {
  return {
    nickname: account.nickname ?? '',
    email: account.email ?? '',
    country_code: account.country_code ?? undefined,
    phone: account.phone ?? '',
    address: account.address ?? '',
    level: account.level,
    role_ids: account.roles.map((role) => role.id),
  }
}

export interface ChildAccountFormModalProps {
  /** the account to edit; a new one when undefined */
  account?: ChildAccount | undefined
  onClose: () => void
}

/** Add a child account, or edit one (its name stays): profile, level and roles (§3, §5, §6). */
export function ChildAccountFormModal({ account, onClose }: ChildAccountFormModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<ChildValues>()
  /** i18n key of the message under the form */
  const [failure, setFailure] = useState<string>()
  const roles = useRoles()
  const add = useAddChild()
  const save = useSaveChild()
  // The profile fields' rules are the same for adding and saving; each mode reads its own schema.
  const fields = (r: Rules) => (account ? r.childSaveRequest.shape : r.childAddRequest.shape)

  async function handleFinish(values: ChildValues) {
    setFailure(undefined)
    // Every field is sent: a blank one clears what was there.
    const profile: ChildProfile = {
      nickname: values.nickname?.trim() ?? '',
      email: values.email?.trim() ?? '',
      country_code: values.country_code ?? '',
      phone: values.phone ?? '',
      address: values.address ?? '',
      level: values.level,
      role_ids: values.role_ids,
    }
    try {
      if (account) {
        await save.mutateAsync({ ...saveRequestFor(account), ...profile })
      } else {
        await add.mutateAsync({
          username: values.username ?? '',
          password: values.password ?? '',
          confirm_password: values.confirm_password ?? '',
          ...profile,
        })
      }
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(account ? t('accounts.saved') : t('accounts.added'))
    onClose()
  }

  return (
    <Modal
      open
      title={account ? t('accounts.editTitle') : t('accounts.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
    >
      <Form<ChildValues>
        form={form}
        name="child_account"
        layout="vertical"
        initialValues={account ? valuesOf(account) : { level: OPERATOR_LEVEL, role_ids: [] }}
        onFinish={handleFinish}
        onValuesChange={() => setFailure(undefined)}
      >
        {account ? (
          <Form.Item label={t('accounts.username')} htmlFor="child_account_username">
            <Input id="child_account_username" value={account.username} readOnly variant="filled" />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="username"
              label={t('accounts.username')}
              extra={t('accounts.accountHint')}
              required
              rules={[zodRule((r) => r.childAddRequest.shape.username)]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="password"
                  label={t('accounts.password')}
                  extra={t('accounts.passwordHint')}
                  required
                  rules={[zodRule((r) => r.childAddRequest.shape.password)]}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="confirm_password"
                  label={t('accounts.confirmPassword')}
                  dependencies={['password']}
                  required
                  rules={[matchesField('password')]}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="nickname"
              label={t('accounts.nickname')}
              rules={[zodRule((r) => fields(r).nickname)]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('accounts.email')} rules={[zodRule((r) => fields(r).email)]}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={8}>
          <Col span={9}>
            <Form.Item
              name="country_code"
              label={t('accounts.countryCode')}
              rules={[zodRule((r) => fields(r).country_code)]}
            >
              <CountryCodeSelect />
            </Form.Item>
          </Col>
          <Col span={15}>
            <Form.Item
              name="phone"
              label={t('accounts.phone')}
              dependencies={['country_code']}
              rules={[zodRule((r) => fields(r).phone), phoneWithCountryCode()]}
            >
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="address" label={t('accounts.address')} rules={[zodRule((r) => fields(r).address)]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item
          name="level"
          label={t('accounts.level')}
          required
          rules={[zodRule((r) => fields(r).level)]}
          extra={
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              <li>
                {t('accounts.operator')}: {t('accounts.operatorHint')}
              </li>
              <li>
                {t('accounts.administrator')}: {t('accounts.administratorHint')}
              </li>
            </ul>
          }
        >
          <Radio.Group
            options={[
              { value: OPERATOR_LEVEL, label: t('accounts.operator') },
              { value: ADMINISTRATOR_LEVEL, label: t('accounts.administrator') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="role_ids"
          label={t('accounts.roles')}
          required
          rules={[zodRule((r) => fields(r).role_ids)]}
        >
          <Select
            mode="multiple"
            placeholder={t('accounts.rolesPlaceholder')}
            loading={roles.isPending}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={t('accounts.noRoles')}
          />
        </Form.Item>
        {roles.data?.length === 0 && (
          <Alert type="info" showIcon title={t('accounts.noRoles')} style={{ marginBottom: 16 }} />
        )}
        {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
      </Form>
    </Modal>
  )
}
