import { ErrorCode } from '@canopy/shared/errors'
import { Alert, Button, Col, Form, Input, Row } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { formatDateTime } from '../../shared/format'
import { phoneWithCountryCode, showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import { CountryCodeSelect } from '../countries/CountryCodeSelect'
import { type Profile, type ProfileSaveRequest, useSaveProfile } from './api'

interface ProfileValues {
  nickname?: string
  email: string
  country_code?: string
  phone?: string
  address?: string
}

const CODE_FIELDS = {
  [ErrorCode.EMAIL_TAKEN]: 'email',
  [ErrorCode.PHONE_TAKEN]: 'phone',
  [ErrorCode.COUNTRY_CODE_INVALID]: 'country_code',
}

function valuesOf(profile: Profile): ProfileValues {
  return {
    nickname: profile.nickname ?? '',
    email: profile.email,
    country_code: profile.country_code ?? undefined,
    phone: profile.phone ?? '',
    address: profile.address ?? '',
  }
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<ProfileValues>()
  /** i18n key of the message under the form */
  const [failure, setFailure] = useState<string>()
  const save = useSaveProfile()

  async function handleFinish(values: ProfileValues) {
    setFailure(undefined)
    const request: ProfileSaveRequest = {
      nickname: values.nickname?.trim() ?? '',
      email: values.email,
      country_code: values.country_code ?? '',
      phone: values.phone ?? '',
      address: values.address ?? '',
    }
    try {
      const saved = await save.mutateAsync(request)
      form.setFieldsValue(valuesOf(saved))
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(t('profile.saved'))
  }

  return (
    <Form<ProfileValues>
      form={form}
      name="profile"
      layout="vertical"
      initialValues={valuesOf(profile)}
      onFinish={handleFinish}
      style={{ maxWidth: 560 }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label={t('profile.account')} htmlFor="profile_account">
            <Input id="profile_account" value={profile.username} readOnly variant="filled" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('profile.registered')} htmlFor="profile_registered">
            <Input
              id="profile_registered"
              value={formatDateTime(profile.created_at) ?? ''}
              readOnly
              variant="filled"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="nickname"
        label={t('profile.nickname')}
        rules={[zodRule((r) => r.profileRequest.shape.nickname)]}
      >
        <Input autoComplete="nickname" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('profile.email')}
        required
        rules={[zodRule((r) => r.profileRequest.shape.email)]}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Row gutter={8}>
        <Col span={9}>
          <Form.Item
            name="country_code"
            label={t('profile.countryCode')}
            rules={[zodRule((r) => r.profileRequest.shape.country_code)]}
          >
            <CountryCodeSelect />
          </Form.Item>
        </Col>
        <Col span={15}>
          <Form.Item
            name="phone"
            label={t('profile.phone')}
            dependencies={['country_code']}
            rules={[zodRule((r) => r.profileRequest.shape.phone), phoneWithCountryCode()]}
          >
            <Input inputMode="numeric" autoComplete="tel-national" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="address"
        label={t('profile.address')}
        rules={[zodRule((r) => r.profileRequest.shape.address)]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} autoComplete="street-address" />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={translateKey(failure)} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('profile.save')}
      </Button>
    </Form>
  )
}
