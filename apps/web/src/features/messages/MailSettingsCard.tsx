import type { MailSettingsRequest } from '@canopy/shared/validation'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Flex, Form, Input, InputNumber, Typography } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { api, isApiError } from '../../shared/api'
import { zodRule } from '../../shared/forms'
import '../../shared/i18n/messages-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'

interface MailSettings {
  host: string | null
  port: number | null
  address: string | null
  usesServerDefault: boolean
  serverConfigured: boolean
}

const mailKey = ['messages', 'mail'] as const

/** §3 "Email service" of the tenant (primary account): SMTP server, port, sender address; a test mail. */
export function MailSettingsCard() {
  const { t } = useTranslation()
  const [form] = Form.useForm<MailSettingsRequest>()
  const queryClient = useQueryClient()
  const settings = useQuery({
    queryKey: mailKey,
    queryFn: ({ signal }) => api.get<MailSettings>('backend/msg/mail/info', undefined, { signal }),
  })
  const save = useMutation({
    mutationFn: (values: MailSettingsRequest) => api.post<MailSettings>('backend/msg/mail/save', values),
    onSuccess: (saved) => queryClient.setQueryData(mailKey, saved),
  })
  const test = useMutation({ mutationFn: () => api.post<{ to: string }>('backend/msg/mail/test') })

  useEffect(() => {
    const data = settings.data
    if (data && !data.usesServerDefault)
      form.setFieldsValue({ host: data.host ?? '', port: data.port ?? 25, address: data.address ?? '' })
  }, [settings.data, form])

  async function run<T>(action: () => Promise<T>, done: (result: T) => string) {
    try {
      void toast.success(done(await action()))
    } catch (error) {
      if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
    }
  }

  const data = settings.data
  return (
    <Card title={t('messages.mail.title')} style={{ marginTop: 16 }}>
      {data && (
        <Typography.Paragraph type="secondary" role="status">
          {data.usesServerDefault
            ? data.serverConfigured
              ? t('messages.mail.usesDefault')
              : t('messages.mail.noDefault')
            : t('messages.mail.usesOwn')}
        </Typography.Paragraph>
      )}
      <Form<MailSettingsRequest>
        form={form}
        name="mail-settings"
        layout="vertical"
        style={{ maxWidth: 480 }}
        onFinish={(values) =>
          void run(
            () => save.mutateAsync(values),
            () => t('messages.mail.saved'),
          )
        }
      >
        <Form.Item
          name="host"
          label={t('messages.mail.host')}
          rules={[zodRule((r) => r.mailSettingsRequest.shape.host)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="port"
          label={t('messages.mail.port')}
          rules={[zodRule((r) => r.mailSettingsRequest.shape.port)]}
        >
          <InputNumber style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('messages.mail.address')}
          rules={[zodRule((r) => r.mailSettingsRequest.shape.address)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('messages.mail.save')}
          </Button>
          <Button
            loading={test.isPending}
            onClick={() =>
              void run(
                () => test.mutateAsync(),
                ({ to }) => t('messages.mail.testSent', { to }),
              )
            }
          >
            {t('messages.mail.test')}
          </Button>
        </Flex>
      </Form>
    </Card>
  )
}
