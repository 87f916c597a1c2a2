import { decideBatch } from '@canopy/shared/batch-rules'
import { ErrorCode } from '@canopy/shared/errors'
import { TIMED_UPGRADE_MAX_HOURS } from '@canopy/shared/validation'
import {
  Alert,
  Collapse,
  DatePicker,
  Form,
  InputNumber,
  Modal,
  Radio,
  Select,
  Switch,
  Typography,
} from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { loadRules, type Rules, showFieldErrors } from '../../shared/forms'
import '../../shared/i18n/maintain-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import { usePermits } from '../auth/grants'
import type { Device } from '../devices/api'
import { useProjectTree } from '../projects/api'
import { ProjectSelect } from '../projects/ProjectSelect'
import { useCreateOrder, useUsablePackages } from './api'
import { createOrderRequest, INITIAL_ORDER_FORM, type OrderFormValues } from './order-form'
import { ProductModelSelect } from './ProductModelSelect'
import { UpgradeDevicePicker } from './UpgradeDevicePicker'

/** §8 create refusals shown in the dialog, next to what caused them, rather than as toasts. */
const IN_PLACE = [
  ErrorCode.DEVICE_OFFLINE,
  ErrorCode.DEVICE_NO_UPGRADE,
  ErrorCode.FIRMWARE_MODEL_MISMATCH,
  ErrorCode.UPGRADE_MAX_DEVICES,
  ErrorCode.TIME_NOT_LATER,
  ErrorCode.TIMED_UPGRADE_TOO_FAR,
  ErrorCode.TIME_FORMAT_ERROR,
  ErrorCode.FILE_NOT_FOUND,
  ErrorCode.NO_PERMISSION,
  ErrorCode.INVALID_PARAMETER,
]
/** The codes that belong to one field. */
const CODE_FIELDS: Record<number, string> = {
  [ErrorCode.TIME_NOT_LATER]: 'startAt',
  [ErrorCode.TIMED_UPGRADE_TOO_FAR]: 'startAt',
  [ErrorCode.TIME_FORMAT_ERROR]: 'startAt',
  [ErrorCode.FILE_NOT_FOUND]: 'packageId',
  [ErrorCode.FIRMWARE_MODEL_MISMATCH]: 'packageId',
}

/** The dialog's fields the server's violations may name (the request's names). */
const FIELD_NAMES = new Set([
  'deviceIds',
  'gid',
  'packageId',
  'timing',
  'startAt',
  'windowEnd',
  'ratePerMinute',
  'concurrency',
])

/** An antd rule from a shared check that reads the loaded rules (a function, or a schema). */
function sharedRule(check: (rules: Rules, value: unknown) => string | undefined) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === null || value === undefined || value === '') return
      const key = check(await loadRules(), value)
      if (key) throw new Error(translateKey(key))
    },
  }
}

export interface CreateOrderModalProps {
  /** devices chosen before the dialog opened (the device list's Upgrade) */
  preset?: readonly Device[]
  onClose: () => void
  onCreated?: (order: { id: number; order_no: string }) => void
}

/**
 * A new upgrade order (§3, §5): devices of one model or a whole project, one of the firmware
 * versions usable for that model, immediate or timed (later than now, within 8 hours), and the
 * rollout options. The shared rules check the fields here as the server checks the call.
 */
export function CreateOrderModal({ preset = [], onClose, onCreated }: CreateOrderModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<OrderFormValues>()
  const permitted = usePermits()
  const create = useCreateOrder(IN_PLACE)
  const tree = useProjectTree()
  const [chosen, setChosen] = useState<Device[]>([...preset])
  const [refusal, setRefusal] = useState<string>()
  const target = Form.useWatch('target', form) ?? INITIAL_ORDER_FORM.target
  const timing = Form.useWatch('timing', form) ?? INITIAL_ORDER_FORM.timing
  const canaryMode = Form.useWatch('canaryMode', form) ?? INITIAL_ORDER_FORM.canaryMode
  const waitOffline = Form.useWatch('waitOffline', form) ?? false
  const projectModel = Form.useWatch('model', form)
  const model = target === 'devices' ? chosen[0]?.model : projectModel
  const packages = useUsablePackages(model)
  const usable = packages.data?.list ?? []

  // §5 batch rule (shared): one model, none offline unless the order waits, permission on all.
  const decision =
    target === 'devices' && chosen.length > 0
      ? decideBatch('upgrade', chosen, permitted, { waitOffline })
      : undefined
  const batchRefusal = decision && !decision.allowed ? translateKey(decision.reason) : undefined

  async function handleFinish(values: OrderFormValues) {
    setRefusal(undefined)
    if (batchRefusal || values.packageId === undefined) return
    try {
      const created = await create.mutateAsync(createOrderRequest(values, values.packageId))
      void toast.success(t('maintain.create.created', { orderNo: created.order_no }))
      onCreated?.(created)
      onClose()
    } catch (error) {
      // A rule about the whole selection (a project of two models: 'ids') has no field of its own.
      const elsewhere = isApiError(error)
        ? error.violations.find((violation) => !FIELD_NAMES.has(violation.field))
        : undefined
      if (elsewhere) setRefusal(translateKey(elsewhere.rule))
      else if (!showFieldErrors(form, error, CODE_FIELDS) && isApiError(error) && !error.shown)
        setRefusal(translateKey(error.messageKey))
    }
  }

  // Only the days the §5 window (now to TIMED_UPGRADE_MAX_HOURS ahead) touches; the rule itself checks the time.
  const disabledDate = (day: Dayjs) =>
    day.isBefore(new Date(), 'day') ||
    day.startOf('day').diff(new Date(), 'hour', true) > TIMED_UPGRADE_MAX_HOURS

  return (
    <Modal
      open
      width={640}
      title={t('maintain.create.title')}
      okText={t('maintain.create.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ disabled: batchRefusal !== undefined }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<OrderFormValues>
        form={form}
        name="upgradeOrder"
        layout="vertical"
        initialValues={{ ...INITIAL_ORDER_FORM, deviceIds: preset.map((device) => device.id) }}
        onFinish={handleFinish}
        onValuesChange={(changed: Partial<OrderFormValues>) => {
          // Another model's versions are not this one's: the version is chosen again.
          if ('target' in changed || 'model' in changed) form.setFieldValue('packageId', undefined)
        }}
      >
        {preset.length === 0 && (
          <Form.Item name="target" label={t('maintain.create.target')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'devices', label: t('maintain.create.targetDevices') },
                { value: 'project', label: t('maintain.create.targetProject') },
              ]}
            />
          </Form.Item>
        )}
        {target === 'devices' ? (
          <Form.Item
            name="deviceIds"
            label={t('maintain.create.devices')}
            extra={t('maintain.create.devicesHint')}
            validateStatus={batchRefusal ? 'error' : undefined}
            help={batchRefusal}
            rules={[
              { required: true, type: 'array', min: 1, message: t('maintain.create.devicesRequired') },
              sharedRule((rules, value) =>
                rules.firstViolation(rules.upgradeCreateRequest.shape.deviceIds, value),
              ),
            ]}
          >
            <UpgradeDevicePicker
              chosen={chosen}
              onChosen={(devices) => {
                if (devices[0]?.model !== chosen[0]?.model) form.setFieldValue('packageId', undefined)
                setChosen(devices)
              }}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="gid"
              label={t('maintain.create.project')}
              rules={[{ required: true, message: t('maintain.create.projectRequired') }]}
            >
              <ProjectSelect tree={tree.data ?? []} loading={tree.isPending} />
            </Form.Item>
            <Form.Item
              name="model"
              label={t('maintain.create.projectModel')}
              rules={[{ required: true, message: t('maintain.create.projectModelRequired') }]}
            >
              <ProductModelSelect />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="packageId"
          label={t('maintain.create.package')}
          rules={[{ required: true, message: t('maintain.create.packageRequired') }]}
          extra={
            model && packages.data && usable.length === 0
              ? t('maintain.create.noPackage', { model })
              : undefined
          }
        >
          <Select
            disabled={!model}
            loading={packages.isFetching}
            placeholder={model ? undefined : t('maintain.create.pickDevicesFirst')}
            options={usable.map((item) => ({ value: item.id, label: `${item.version} (${item.filename})` }))}
          />
        </Form.Item>
        <Form.Item name="timing" label={t('maintain.create.timing')}>
          <Radio.Group
            options={[
              { value: 'immediate', label: t('maintain.create.immediate') },
              { value: 'timed', label: t('maintain.create.timed') },
            ]}
          />
        </Form.Item>
        {timing === 'timed' && (
          <Form.Item
            name="startAt"
            label={t('maintain.create.startAt')}
            extra={t('maintain.create.startAtHint')}
            rules={[
              { required: true, message: t('maintain.create.startAtRequired') },
              sharedRule((rules, value) => rules.timedUpgradeProblem((value as Dayjs).format())),
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={disabledDate}
            />
          </Form.Item>
        )}
        <Collapse
          ghost
          items={[
            {
              key: 'advanced',
              label: t('maintain.create.advanced'),
              forceRender: true,
              children: <AdvancedFields canaryMode={canaryMode} />,
            },
          ]}
        />
        {refusal && <Alert type="error" showIcon title={refusal} role="alert" />}
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {model ? `${t('maintain.orders.model')}: ${model}` : ''}
      </Typography.Text>
    </Modal>
  )
}

/** The rollout options, each checked by the shared rule the server applies. */
function AdvancedFields({ canaryMode }: { canaryMode: OrderFormValues['canaryMode'] }) {
  const { t } = useTranslation()
  const numberField = { style: { width: 200 }, placeholder: t('maintain.create.unlimited') }
  return (
    <>
      <Form.Item name="canaryMode" label={t('maintain.create.canary')}>
        <Radio.Group
          options={[
            { value: 'none', label: t('maintain.create.canaryNone') },
            { value: 'devices', label: t('maintain.create.canaryDevices') },
            { value: 'percent', label: t('maintain.create.canaryPercent') },
          ]}
        />
      </Form.Item>
      {canaryMode === 'devices' && (
        <Form.Item
          name="canaryDevices"
          label={t('maintain.create.canaryCount')}
          rules={[
            { required: true, message: translateKey('validation.upgrade_canary_tips') },
            sharedRule((rules, value) => rules.firstViolation(rules.upgradeCanary, { devices: value })),
          ]}
        >
          <InputNumber min={1} precision={0} style={{ width: 200 }} />
        </Form.Item>
      )}
      {canaryMode === 'percent' && (
        <Form.Item
          name="canaryPercent"
          label={t('maintain.create.canaryShare')}
          rules={[
            { required: true, message: translateKey('validation.upgrade_canary_tips') },
            sharedRule((rules, value) => rules.firstViolation(rules.upgradeCanary, { percent: value })),
          ]}
        >
          <InputNumber min={0} max={100} style={{ width: 200 }} />
        </Form.Item>
      )}
      <Form.Item
        name="ratePerMinute"
        label={t('maintain.create.ratePerMinute')}
        rules={[
          sharedRule((rules, value) => rules.firstViolation(rules.upgradeOptionFields.ratePerMinute, value)),
        ]}
      >
        <InputNumber min={1} precision={0} {...numberField} />
      </Form.Item>
      <Form.Item
        name="concurrency"
        label={t('maintain.create.concurrency')}
        rules={[
          sharedRule((rules, value) => rules.firstViolation(rules.upgradeOptionFields.concurrency, value)),
        ]}
      >
        <InputNumber min={1} precision={0} {...numberField} />
      </Form.Item>
      <Form.Item
        name="abortPercent"
        label={t('maintain.create.abortPercent')}
        dependencies={['abortMinFinished']}
        rules={[
          ({ getFieldValue }) => ({
            required: getFieldValue('abortMinFinished') != null,
            message: translateKey('validation.percentage_tips'),
          }),
          sharedRule((rules, value) => rules.firstViolation(rules.upgradeAbort.shape.failurePercent, value)),
        ]}
      >
        <InputNumber min={0} max={100} {...numberField} />
      </Form.Item>
      <Form.Item
        name="abortMinFinished"
        label={t('maintain.create.abortMinFinished')}
        dependencies={['abortPercent']}
        rules={[
          ({ getFieldValue }) => ({
            required: getFieldValue('abortPercent') != null,
            message: translateKey('validation.upgrade_min_finished_tips'),
          }),
          sharedRule((rules, value) => rules.firstViolation(rules.upgradeAbort.shape.minFinished, value)),
        ]}
      >
        <InputNumber min={1} precision={0} {...numberField} />
      </Form.Item>
      <Form.Item
        name="waitOffline"
        label={t('maintain.create.waitOffline')}
        extra={t('maintain.create.waitOfflineHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="windowEnd"
        label={t('maintain.create.windowEnd')}
        dependencies={['startAt', 'timing']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: Dayjs | null | undefined) => {
              if (!value) return
              const start: Dayjs | undefined =
                getFieldValue('timing') === 'timed' ? getFieldValue('startAt') : undefined
              if (!value.isAfter(start ?? new Date()))
                throw new Error(translateKey('validation.period_order'))
            },
          }),
        ]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
    </>
  )
}
