import { Button, Flex, Form, type FormInstance } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../shared/ui/feedback'
import { reportError } from '../report-error'
import { type FieldPath, showViolations } from './section-rules'

export interface SettingsFormProps<V extends object> {
  /** unique on the page: antd builds the inputs' ids (and so their labels) from it */
  name: string
  /** what the device has (or is about to have): shown while the form is not being edited */
  values: V
  canEdit: boolean
  /** sends the form's values; rejects with the server's refusal */
  onSave: (values: V) => Promise<unknown>
  /** where the server's field names for this form start (e.g. ['5g']) */
  violationPrefix?: FieldPath
  onValuesChange?: (changed: Partial<V>, form: FormInstance<V>) => void
  children: ReactNode
}

/**
 * A form over one part of a device's settings. Untouched, it follows the device (a change
 * applied, reverted or made by someone else shows at once); once edited, it keeps the user's
 * input until it is saved or discarded. Without the 'edit' function it only shows.
 */
export function SettingsForm<V extends object>(props: SettingsFormProps<V>) {
  const { t } = useTranslation()
  const [form] = Form.useForm<V>()
  const [editing, setEditing] = useState(false)
  const [saving, setSaving] = useState(false)
  const shown = JSON.stringify(props.values)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` stands for the values: a new object with the same content must not reset the form
  useEffect(() => {
    if (!editing) form.resetFields()
  }, [shown, editing, form])

  async function handleFinish() {
    setSaving(true)
    try {
      await props.onSave(form.getFieldsValue(true) as V)
      setEditing(false)
      void toast.success(t('deviceSettings.form.saved'))
    } catch (error) {
      const onFields = showViolations(form, error, props.violationPrefix)
      if (!onFields) reportError(error)
    } finally {
      setSaving(false)
    }
  }

  function handleDiscard() {
    setEditing(false)
    form.resetFields()
  }

  return (
    <Form<V>
      form={form}
      name={props.name}
      layout="vertical"
      initialValues={props.values}
      disabled={!props.canEdit}
      onValuesChange={(changed) => {
        setEditing(true)
        props.onValuesChange?.(changed, form)
      }}
      onFinish={handleFinish}
      requiredMark={false}
    >
      {props.children}
      {props.canEdit && (
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
          {editing && <Button onClick={handleDiscard}>{t('deviceSettings.form.discard')}</Button>}
        </Flex>
      )}
    </Form>
  )
}
