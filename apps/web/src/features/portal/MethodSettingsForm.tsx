import { LANGUAGES } from '@canopy/shared/i18n/languages'
import type { FormRule } from 'antd'
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Statistic,
  Switch,
  Typography,
} from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { loadRules, showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/portal-messages'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import { toast } from '../../shared/ui/feedback'
import { type MethodSaveRequest, type PortalMethods, useMethods, useSaveMethods } from './methods-api'

/** The limit per phone fits its period and stays within the daily total (the server's rule too). */
const phoneMaxRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const { smsPhoneMaxProblem, smsQuotaFields, firstViolation } = await loadRules()
    const problem =
      firstViolation(smsQuotaFields.sms_phone_max, value ?? '') ??
      smsPhoneMaxProblem(
        getFieldValue('sms_phone_period'),
        Number(value),
        Number(getFieldValue('sms_daily_total')),
      )
    if (problem) throw new Error(translateKey(problem))
  },
})

/** Click-through needs terms in one language at least (the server's rule too). */
const termsRule: FormRule = ({ getFieldValue }) => ({
  validator: async () => {
    const terms = getFieldValue('terms') as Record<string, string | undefined>
    const written = Object.values(terms ?? {}).some((text) => (text ?? '').trim() !== '')
    if (getFieldValue('noauth_enabled') && !written) throw new Error(translateKey('validation.terms_empty'))
  },
})

function formValues(methods: PortalMethods): MethodSaveRequest {
  const { sms_usage: _usage, ...values } = methods
  return values
}

/** The methods tab of /auth/method: which methods are on, the click-through terms, the SMS quotas and usage. */
export function MethodSettingsForm() {
  const { t } = useTranslation()
  const methods = useMethods()
  if (methods.isError)
    return <ErrorWithRetry title={t('portal.method.loadFailed')} onRetry={() => methods.refetch()} />
  if (!methods.data) return <Card loading />
  return <LoadedForm methods={methods.data} />
}

function LoadedForm({ methods }: { methods: PortalMethods }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<MethodSaveRequest>()
  const [failure, setFailure] = useState<string>()
  const save = useSaveMethods()
  const noauth = Form.useWatch('noauth_enabled', form) ?? methods.noauth_enabled
  const sms = Form.useWatch('sms_enabled', form) ?? methods.sms_enabled

  async function handleFinish(values: MethodSaveRequest) {
    setFailure(undefined)
    try {
      const saved = await save.mutateAsync({ ...formValues(methods), ...values })
      form.setFieldsValue(formValues(saved))
    } catch (error) {
      if (showFieldErrors(form, error)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(t('portal.method.saved'))
  }

  const usage = methods.sms_usage
  return (
    <Form<MethodSaveRequest>
      form={form}
      name="methods"
      layout="vertical"
      initialValues={formValues(methods)}
      onValuesChange={() => setFailure(undefined)}
      onFinish={handleFinish}
      style={{ maxWidth: 880 }}
    >
      <Card title={t('portal.method.noauth')} size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('portal.method.noauthHint')}</Typography.Paragraph>
        <Form.Item name="noauth_enabled" valuePropName="checked" label={t('portal.method.noauth')}>
          <Switch />
        </Form.Item>
        {LANGUAGES.map((language) => (
          <Form.Item
            key={language}
            name={['terms', language]}
            label={t('portal.method.terms', { language: t(`portal.method.languages.${language}`) })}
            extra={t('portal.method.termsHint')}
            dependencies={['noauth_enabled', ...LANGUAGES.map((other) => ['terms', other])]}
            rules={[
              zodRule((r) => r.methodTerms.shape[language]),
              ...(language === 'en-us' ? [termsRule] : []),
            ]}
            required={noauth && language === 'en-us'}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
        ))}
      </Card>
      <Card title={t('portal.method.member')} size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('portal.method.memberHint')}</Typography.Paragraph>
        <Form.Item name="member_enabled" valuePropName="checked" label={t('portal.method.member')}>
          <Switch />
        </Form.Item>
      </Card>
      <Card title={t('portal.method.sms')} size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('portal.method.smsHint')}</Typography.Paragraph>
        <Form.Item name="sms_enabled" valuePropName="checked" label={t('portal.method.sms')}>
          <Switch />
        </Form.Item>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {t('portal.method.smsQuota')}
        </Typography.Title>
        <Row gutter={16} style={{ marginBottom: 16 }} aria-label={t('portal.method.smsQuota')} role="group">
          <Col span={8}>
            <Statistic title={t('portal.method.total')} value={usage.total} />
          </Col>
          <Col span={8}>
            <Statistic title={t('portal.method.remaining')} value={usage.remaining} />
          </Col>
          <Col span={8}>
            <Statistic title={t('portal.method.sentToday')} value={usage.sent_today} />
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="sms_daily_total"
              label={t('portal.method.dailyTotal')}
              extra={t('portal.method.dailyTotalHint')}
              rules={[zodRule((r) => r.smsQuotaFields.sms_daily_total)]}
              required={sms}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="sms_client_max"
              label={t('portal.method.clientMax')}
              extra={t('portal.method.clientMaxHint')}
              rules={[zodRule((r) => r.smsQuotaFields.sms_client_max)]}
              required={sms}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="sms_phone_max"
              label={t('portal.method.phoneMax')}
              extra={t('portal.method.phoneMaxHint')}
              dependencies={['sms_phone_period', 'sms_daily_total']}
              rules={[phoneMaxRule]}
              required={sms}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="sms_phone_period" label={t('portal.method.phonePeriod')}>
              <Select
                options={(['five_minutes', 'day'] as const).map((period) => ({
                  value: period,
                  label: t(`portal.method.phonePeriods.${period}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      {failure && <Alert type="error" showIcon title={translateKey(failure)} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('portal.method.save')}
      </Button>
    </Form>
  )
}
