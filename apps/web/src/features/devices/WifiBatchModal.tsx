import { ErrorCode } from '@canopy/shared/errors'
import type { Band } from '@canopy/shared/validation'
import { Alert, Flex, Form, Modal, Spin, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { loadRules } from '../../shared/forms'
import '../../shared/i18n/device-operations-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import type { Device } from './api'
import { deviceLabel } from './labels'
import { useSetWifis, useWifiTemplate, type WifiTemplate } from './operations-api'
import { WifiRadioFields } from './WifiRadioFields'
import { BATCH_BANDS, initialForm, radioTemplate, type WifiBatchForm, wifiBatchSettings } from './wifi-batch'

export interface WifiBatchModalProps {
  /** one model, checked by the batch rules before this opens */
  devices: readonly Device[]
  onClose: () => void
  onStarted: (operationId: number) => void
}

type FieldErrors = { name: (string | number)[]; errors: string[] }[]

/** The fields of a radio the dialog shows (the rest are the template's). */
const EDITED = ['enabled', 'ssid', 'hidden', 'encryption', 'password', 'power', 'channel']

/** §7 setwifis: the same 2.4/5 GHz settings to the selected devices of one model. */
export function WifiBatchModal({ devices, onClose, onStarted }: WifiBatchModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<WifiBatchForm>()
  const [failure, setFailure] = useState<string>()
  const first = devices[0]!
  const template = useWifiTemplate(first.id)
  const setWifis = useSetWifis()
  const templates = useMemo(() => templatesOf(template.data), [template.data])

  async function handleFinish(values: WifiBatchForm) {
    setFailure(undefined)
    const settings = wifiBatchSettings(values, templates)
    if (Object.keys(settings).length === 0) return setFailure(t('deviceOperations.wifi.noBand'))
    // The whole request through the shared rule the server applies (the fields checked theirs).
    const parsed = (await loadRules()).wifiSettings.safeParse(settings)
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => ({
        name: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
        errors: [translateKey(issue.message)],
      }))
      return show(fields)
    }
    try {
      const started = await setWifis.mutateAsync({
        ids: devices.map((device) => device.id),
        settings: parsed.data,
      })
      onStarted(started.operation_id)
    } catch (error) {
      if (!isApiError(error) || error.shown) return
      if (!error.hasCode(ErrorCode.INVALID_PARAMETER)) return void toast.error(translateKey(error.messageKey))
      // "Not one model" names the selection; a model's limit names a radio's field.
      const fields = error.violations.map((violation) => ({
        name: violation.field.split('.'),
        errors: [translateKey(violation.rule)],
      }))
      const selection = fields.find((field) => field.name[0] === 'ids')
      if (selection || fields.length === 0)
        return void toast.error(selection?.errors[0] ?? translateKey(error.messageKey))
      show(fields)
    }
  }

  /** Errors on the dialog's fields; one on a field it does not show goes above the buttons. */
  function show(fields: FieldErrors) {
    const values = form.getFieldsValue()
    const shown = fields.filter(({ name }) => {
      const [band, field] = name
      return name.length === 2 && values[band as Band]?.change === true && EDITED.includes(String(field))
    })
    // The names come from the server and the schema as paths: antd's typed paths cannot know them.
    form.setFields(shown as Parameters<typeof form.setFields>[0])
    const hidden = fields.find((field) => !shown.includes(field))
    if (hidden) setFailure(hidden.errors[0])
  }

  return (
    <Modal
      open
      width={560}
      title={t('deviceOperations.wifi.title')}
      okText={t('deviceOperations.wifi.apply')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !template.data }}
      confirmLoading={setWifis.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: true }}>
        {t('deviceOperations.selection', { names: devices.map(deviceLabel).join(', ') })}
      </Typography.Paragraph>
      {template.isError ? (
        <Alert type="error" showIcon title={t('deviceOperations.wifi.loadFailed')} />
      ) : !template.data ? (
        <Flex gap={8} align="center">
          <Spin size="small" />
          <Typography.Text>
            {t('deviceOperations.wifi.loading', { name: deviceLabel(first) })}
          </Typography.Text>
        </Flex>
      ) : (
        <Form<WifiBatchForm>
          form={form}
          name="wifiBatch"
          layout="vertical"
          initialValues={initialForm(templates)}
          onFinish={handleFinish}
          onValuesChange={() => setFailure(undefined)}
        >
          <Typography.Paragraph type="secondary">
            {t('deviceOperations.wifi.template', { name: deviceLabel(first) })}
          </Typography.Paragraph>
          {BATCH_BANDS.map((band) => {
            const option = template.data.options.radios.find((radio) => radio.band === band)
            const radio = templates[band]
            return option && radio ? (
              <WifiRadioFields
                key={band}
                band={band}
                template={radio}
                option={option}
                options={template.data.options}
              />
            ) : null
          })}
          {failure && <Alert type="error" showIcon title={failure} />}
        </Form>
      )}
    </Modal>
  )
}

function templatesOf(data: WifiTemplate | undefined): Partial<Record<Band, Record<string, unknown>>> {
  const templates: Partial<Record<Band, Record<string, unknown>>> = {}
  for (const option of data?.options.radios ?? []) {
    templates[option.band] = radioTemplate(data?.reported.wifi, option, data?.options.encryptions ?? [])
  }
  return templates
}
