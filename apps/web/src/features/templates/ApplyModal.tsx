import { decideBatch } from '@canopy/shared/batch-rules'
import type { TemplateMode } from '@canopy/shared/validation'
import { Alert, Button, Form, Modal, Radio, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/templates-messages'
import { toast } from '../../shared/ui/feedback'
import { usePermits } from '../auth/grants'
import type { Device } from '../devices/api'
import { useProjectTree } from '../projects/api'
import { ProjectSelect } from '../projects/ProjectSelect'
import { type Template, useApplyToDevices, useApplyToProject } from './api'
import { DevicePicker } from './DevicePicker'

interface ApplyForm {
  target: 'devices' | 'project'
  ids?: number[]
  gid?: number
  mode: TemplateMode
}

/**
 * §7 tpl/set and child/tpl/set: a template to devices now, or to a project now (manual) or from
 * now on (automatic). The chosen devices are checked with the shared batch rules first.
 */
export function ApplyModal({ template, onClose }: { template: Template; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<ApplyForm>()
  const [failure, setFailure] = useState<string>()
  const [chosen, setChosen] = useState<Device[]>([])
  const tree = useProjectTree()
  const permitted = usePermits()
  const toDevices = useApplyToDevices()
  const toProject = useApplyToProject()
  const target = Form.useWatch('target', form) ?? 'devices'
  const mode = Form.useWatch('mode', form) ?? 'manual'
  const action = template.settings.wifi ? 'applyTemplateWifi' : 'applyTemplate'
  const decision =
    target === 'devices' && chosen.length > 0
      ? decideBatch(
          action,
          chosen.map((device) => ({ status: device.status, model: device.model })),
          permitted,
        )
      : undefined
  const refusal = decision && !decision.allowed ? translateKey(decision.reason) : undefined

  async function run(request: () => Promise<unknown>, done: string) {
    setFailure(undefined)
    try {
      await request()
    } catch (error) {
      if (isApiError(error) && !error.shown) setFailure(translateKey(error.messageKey))
      return
    }
    void toast.success(done)
    onClose()
  }

  function handleFinish(values: ApplyForm) {
    if (values.target === 'devices')
      return run(
        () => toDevices.mutateAsync({ tplId: template.id, ids: values.ids ?? [] }),
        t('templates.apply.started'),
      )
    return run(
      () => toProject.mutateAsync({ tplId: template.id, gid: values.gid!, mode: values.mode }),
      values.mode === 'automatic' ? t('templates.apply.automaticSet') : t('templates.apply.started'),
    )
  }

  function stopAutomatic() {
    const gid = form.getFieldValue('gid') as number | undefined
    if (gid === undefined) return form.validateFields(['gid'])
    return run(
      () => toProject.mutateAsync({ tplId: null, gid, mode: 'automatic' }),
      t('templates.apply.stopped'),
    )
  }

  return (
    <Modal
      open
      width={600}
      title={t('templates.apply.title', { name: template.name })}
      okText={t('templates.applyAction')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: Boolean(refusal) }}
      confirmLoading={toDevices.isPending || toProject.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<ApplyForm>
        form={form}
        name="applyTemplate"
        layout="vertical"
        initialValues={{ target: 'devices', mode: 'manual' }}
        onFinish={handleFinish}
        onValuesChange={() => setFailure(undefined)}
      >
        <Form.Item name="target" label={t('templates.apply.to')}>
          <Radio.Group
            options={[
              { value: 'devices', label: t('templates.apply.devices') },
              { value: 'project', label: t('templates.apply.project') },
            ]}
          />
        </Form.Item>
        {target === 'devices' ? (
          <Form.Item
            name="ids"
            label={t('templates.apply.devices')}
            rules={[{ required: true, message: t('templates.apply.chooseDevices') }]}
            validateStatus={refusal ? 'error' : undefined}
            help={refusal}
          >
            <DevicePicker
              multiple
              placeholder={t('templates.apply.devicesPlaceholder')}
              onChosen={setChosen}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="gid"
              label={t('templates.apply.project')}
              rules={[{ required: true, message: t('templates.apply.chooseProject') }]}
            >
              <ProjectSelect tree={tree.data ?? []} loading={tree.isLoading} />
            </Form.Item>
            <Form.Item name="mode" label={t('templates.apply.mode')}>
              <Radio.Group
                options={[
                  { value: 'manual', label: t('templates.modes.manual') },
                  { value: 'automatic', label: t('templates.modes.automatic') },
                ]}
              />
            </Form.Item>
            <Typography.Paragraph type="secondary">
              {mode === 'automatic' ? t('templates.apply.automaticHelp') : t('templates.apply.manualHelp')}
            </Typography.Paragraph>
            <Button size="small" onClick={() => void stopAutomatic()}>
              {t('templates.apply.stop')}
            </Button>
          </>
        )}
        {target === 'devices' && (
          <Typography.Paragraph type="secondary">{t('templates.apply.manualHelp')}</Typography.Paragraph>
        )}
        {failure && <Alert type="error" showIcon title={failure} />}
      </Form>
    </Modal>
  )
}
