import { ENCRYPTIONS, vapSettings } from '@canopy/shared/validation'
import { Alert, Checkbox, Form, Input, Modal, Select, Switch, TimePicker, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { loadRules, showFieldErrors, zodRule } from '../../shared/forms'
import { sectionRules } from '../device-detail/forms/section-rules'
import { VapFields } from '../device-detail/wifi/VapFields'
import { toVapSettings, type VapSlot } from '../device-detail/wifi/wifi-form'
import '../../shared/i18n/device-operations-messages'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/templates-messages'
import { toast } from '../../shared/ui/feedback'
import { type Template, useCreateTemplate, useSaveTemplate } from './api'
import { FORM_BANDS, formOf, settingsOf, type TemplateForm, VAP_SLOTS } from './template-form'

const WEEKDAYS = ['0', '1', '2', '3', '4', '5', '6'] as const
/** Each virtual AP's fields under the shared vapSettings rules, where the dialog keeps them. */
const VAP_RULES = Object.fromEntries(
  VAP_SLOTS.map((slot) => [slot, sectionRules(vapSettings, toVapSettings, ['vaps', slot])]),
) as Record<VapSlot, ReturnType<typeof sectionRules>>
const TIME_FORMAT = 'HH:mm'

/** A time field that keeps its value as the "HH:mm" text the settings use. */
function TimeField({
  value,
  onChange,
  ...rest
}: {
  value?: string
  onChange?: (value: string) => void
  'aria-label'?: string
  id?: string
}) {
  return (
    <TimePicker
      {...rest}
      format={TIME_FORMAT}
      needConfirm={false}
      allowClear={false}
      value={value ? dayjs(value, TIME_FORMAT) : undefined}
      onChange={(time: Dayjs | null) => onChange?.(time ? time.format(TIME_FORMAT) : '')}
    />
  )
}

export interface TemplateFormModalProps {
  /** the template to edit; none: a new one */
  editing?: Template
  onClose: () => void
}

/**
 * A template's settings (§3; the device settings' own sections and §5 rules): the system part
 * (LED, timed reboot, WiFi timed off) and the 2.4/5 GHz radios, each set only when ticked.
 */
export function TemplateFormModal({ editing, onClose }: TemplateFormModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<TemplateForm>()
  const [failure, setFailure] = useState<string>()
  const create = useCreateTemplate()
  const save = useSaveTemplate()
  const ticked = {
    led: Form.useWatch('setLed', form),
    reboot: Form.useWatch('setTimedReboot', form),
    schedule: Form.useWatch('setWifiSchedule', form),
    '2g': Form.useWatch(['radios', '2g', 'set'], form),
    '5g': Form.useWatch(['radios', '5g', 'set'], form),
    vap1: Form.useWatch(['vaps', '1', 'set'], form),
    vap2: Form.useWatch(['vaps', '2', 'set'], form),
    vap3: Form.useWatch(['vaps', '3', 'set'], form),
  }
  const weekdays = WEEKDAYS.map((day) => ({ value: Number(day), label: t(`templates.form.weekdays.${day}`) }))
  const encryptions = ENCRYPTIONS.map((value) => ({
    value,
    label: t(`deviceOperations.wifi.encryptions.${value}`),
  }))

  async function handleFinish(values: TemplateForm) {
    setFailure(undefined)
    const settings = settingsOf(values, editing?.settings)
    // The whole template through the shared rule the server applies.
    const parsed = (await loadRules()).templateSettings.safeParse(settings)
    if (!parsed.success)
      return setFailure(translateKey(parsed.error.issues[0]?.message ?? 'errors.invalidParameter'))
    try {
      if (editing) {
        await save.mutateAsync({ id: editing.id, name: values.name, settings: parsed.data })
        void toast.success(t('templates.done.saved'))
      } else {
        await create.mutateAsync({ name: values.name, settings: parsed.data })
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
      width={640}
      title={editing ? t('templates.form.editTitle') : t('templates.form.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<TemplateForm>
        form={form}
        name="template"
        layout="vertical"
        initialValues={formOf(editing)}
        onFinish={handleFinish}
        onValuesChange={() => setFailure(undefined)}
      >
        <Form.Item name="name" label={t('templates.form.name')} rules={[zodRule((r) => r.templateName)]}>
          <Input maxLength={25} />
        </Form.Item>

        <Typography.Title level={5}>{t('templates.form.system')}</Typography.Title>
        <Form.Item name="setLed" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox>{t('templates.form.setLed')}</Checkbox>
        </Form.Item>
        {ticked.led && (
          <Form.Item name="led" label={t('templates.form.led')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        <Form.Item name="setTimedReboot" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox>{t('templates.form.setTimedReboot')}</Checkbox>
        </Form.Item>
        {ticked.reboot && (
          <div style={{ paddingLeft: 24 }}>
            <Form.Item
              name={['timedReboot', 'enabled']}
              label={t('templates.form.enabled')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item name={['timedReboot', 'days']} label={t('templates.form.days')}>
              <Checkbox.Group options={weekdays} />
            </Form.Item>
            <Form.Item name={['timedReboot', 'time']} label={t('templates.form.time')}>
              <TimeField aria-label={t('templates.form.time')} />
            </Form.Item>
          </div>
        )}
        <Form.Item name="setWifiSchedule" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox>{t('templates.form.setWifiSchedule')}</Checkbox>
        </Form.Item>
        {ticked.schedule && (
          <div style={{ paddingLeft: 24 }}>
            <Form.Item
              name={['wifiSchedule', 'enabled']}
              label={t('templates.form.enabled')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item name={['wifiSchedule', 'days']} label={t('templates.form.days')}>
              <Checkbox.Group options={weekdays} />
            </Form.Item>
            <Form.Item name={['wifiSchedule', 'off']} label={t('templates.form.off')}>
              <TimeField aria-label={t('templates.form.off')} />
            </Form.Item>
            <Form.Item name={['wifiSchedule', 'on']} label={t('templates.form.on')}>
              <TimeField aria-label={t('templates.form.on')} />
            </Form.Item>
          </div>
        )}

        <Typography.Title level={5}>{t('templates.form.wifi')}</Typography.Title>
        {FORM_BANDS.map((band) => {
          const bandLabel = t(`deviceOperations.wifi.bands.${band}`)
          const kept = editing?.passwords.includes(band)
          return (
            <section key={band} aria-label={bandLabel}>
              <Form.Item name={['radios', band, 'set']} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Checkbox>{t('templates.form.setRadio', { band: bandLabel })}</Checkbox>
              </Form.Item>
              {ticked[band] && (
                <div style={{ paddingLeft: 24 }}>
                  <Form.Item
                    name={['radios', band, 'ssid']}
                    label={t('templates.form.ssid')}
                    rules={[zodRule((r) => r.radioSettings.shape.ssid)]}
                  >
                    <Input />
                  </Form.Item>
                  <Form.Item
                    name={['radios', band, 'hidden']}
                    label={t('templates.form.hidden')}
                    valuePropName="checked"
                  >
                    <Switch />
                  </Form.Item>
                  <Form.Item name={['radios', band, 'encryption']} label={t('templates.form.encryption')}>
                    <Select options={encryptions} />
                  </Form.Item>
                  <Form.Item
                    name={['radios', band, 'password']}
                    label={t('templates.form.password')}
                    extra={kept ? t('templates.form.passwordKept') : undefined}
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                </div>
              )}
            </section>
          )
        })}
        {VAP_SLOTS.map((slot) => {
          const label = t('templates.form.vap', { slot })
          return (
            <section key={slot} aria-label={label}>
              <Form.Item name={['vaps', slot, 'set']} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Checkbox>{t('templates.form.setVap', { slot })}</Checkbox>
              </Form.Item>
              {ticked[`vap${slot}`] && (
                <div style={{ paddingLeft: 24 }}>
                  <VapFields
                    prefix={['vaps', slot]}
                    bands={FORM_BANDS}
                    encryptions={ENCRYPTIONS}
                    // A template's AP keeps its password (the template's, or each device's own).
                    storedEncryption={editing?.settings.wifi?.vaps?.[slot]?.encryption}
                    rules={VAP_RULES[slot]}
                  />
                </div>
              )}
            </section>
          )
        })}
        <Typography.Paragraph type="secondary">{t('templates.form.otherWifi')}</Typography.Paragraph>
        {failure && <Alert type="error" showIcon title={failure} />}
      </Form>
    </Modal>
  )
}
