import { can } from '@canopy/shared/permissions'
import {
  type DevicePortalInfo,
  type DevicePortalSetting,
  OFFLINE_POLICIES,
  PORTAL_METHODS,
  type PortalSetInput,
} from '@canopy/shared/validation'
import type { FormRule } from 'antd'
import { Alert, Button, Checkbox, Form, Radio, Select, Switch, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../shared/api'
import { loadRules, type Rules, showFieldErrors } from '../../../shared/forms'
import '../../../shared/i18n/device-portal-messages'
import { translateKey } from '../../../shared/i18n/i18n'
import { toast } from '../../../shared/ui/feedback'
import { usePermits } from '../../auth/grants'
import type { DeviceInfo } from '../../devices/api'
import { SettingsCard } from '../forms/SettingsCard'
import { TabState } from '../TabState'
import { useDevicePortal, useSetDevicePortal, useSetRoaming } from './api'

type PortalValues = Omit<PortalSetInput, 'id' | 'target'>

const SYNC_COLOURS: Record<string, string> = {
  in_sync: 'green',
  applying: 'blue',
  pending: 'gold',
  failed: 'red',
}

/** A field a portal turned on needs: the shared rule (the server checks the same). */
function neededWhenOn(field: 'page_id' | 'strategy_id' | 'methods'): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const rules = await loadRules()
      const values = getFieldsValue(true) as Parameters<Rules['portalSetProblems']>[0]
      const problem = rules.portalSetProblems(values).find((candidate) => candidate.field === field)
      if (problem) throw new Error(translateKey(problem.key))
    },
  })
}

/**
 * Portal (§7 auth/info, auth/set, auth/roam/*): each SSID the device reports, with its portal —
 * page, strategy, methods and what the gateway does while the cloud is unreachable — and the
 * group roaming of the device's project, which locks the project's portals while on.
 */
export function PortalTab({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation()
  const permitted = usePermits()
  const canEdit = permitted(can.device('portal'))
  const portal = useDevicePortal(device.id)
  if (!portal.data) return <TabState queries={[portal]} />
  const { data } = portal

  return (
    <>
      <Typography.Paragraph type="secondary">{t('devicePortal.intro')}</Typography.Paragraph>
      <RoamingSwitch device={device} roaming={data.roaming} canEdit={canEdit} />
      {canEdit && (data.pages.length === 0 || data.strategies.length === 0) && (
        <Alert type="info" showIcon title={t('devicePortal.noChoices')} style={{ marginBottom: 16 }} />
      )}
      {data.settings.length === 0 && <Typography.Paragraph>{t('devicePortal.none')}</Typography.Paragraph>}
      {data.settings.map((setting) => (
        <SsidPortal
          key={setting.target}
          deviceId={device.id}
          setting={setting}
          choices={data}
          locked={data.roaming}
          canEdit={canEdit}
        />
      ))}
    </>
  )
}

function RoamingSwitch({
  device,
  roaming,
  canEdit,
}: {
  device: DeviceInfo
  roaming: boolean
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const setRoaming = useSetRoaming(device.id, device.gid ?? 0)
  if (device.gid === null) return <Typography.Paragraph>{t('devicePortal.noProject')}</Typography.Paragraph>

  async function handleChange(enabled: boolean) {
    try {
      await setRoaming.mutateAsync(enabled)
    } catch (error) {
      // The API client has shown its toast; nothing else to undo (the switch follows the answer).
      if (!isApiError(error)) throw error
      return
    }
    void toast.success(enabled ? t('devicePortal.roamingOn') : t('devicePortal.roamingOff'))
  }

  return (
    <SettingsCard title={t('devicePortal.roaming')}>
      <Switch
        checked={roaming}
        disabled={!canEdit}
        loading={setRoaming.isPending}
        onChange={(enabled) => void handleChange(enabled)}
        aria-label={t('devicePortal.roaming')}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('devicePortal.roamingHint')}
      </Typography.Paragraph>
    </SettingsCard>
  )
}

function SsidPortal({
  deviceId,
  setting,
  choices,
  locked,
  canEdit,
}: {
  deviceId: number
  setting: DevicePortalSetting
  choices: Pick<DevicePortalInfo, 'pages' | 'strategies'>
  locked: boolean
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<PortalValues>()
  const set = useSetDevicePortal(deviceId)
  const enabled = Form.useWatch('enabled', form) ?? setting.enabled
  const title = t('devicePortal.ssid', {
    target: t(`devicePortal.targets.${setting.target}`),
    ssid: setting.ssid ?? '—',
  })
  const disabled = !canEdit || locked

  async function handleFinish(values: PortalValues) {
    try {
      await set.mutateAsync({ ...values, target: setting.target })
    } catch (error) {
      if (!showFieldErrors(form, error) && !isApiError(error)) throw error
      return
    }
    void toast.success(t('devicePortal.saved'))
  }

  // The current choice stays listed even when the caller is offered none (a child without the function).
  const options = (list: Array<{ id: number; name: string }>, current: number | null) => {
    const known = list.map((item) => ({ value: item.id, label: item.name }))
    return current !== null && !list.some((item) => item.id === current)
      ? [...known, { value: current, label: `#${current}` }]
      : known
  }

  return (
    <SettingsCard
      title={title}
      extra={
        setting.sync && (
          <Tag color={SYNC_COLOURS[setting.sync]}>{t(`devicePortal.sync.${setting.sync}`, setting.sync)}</Tag>
        )
      }
    >
      {locked && canEdit && (
        <Alert type="warning" showIcon title={t('devicePortal.roamingLocked')} style={{ marginBottom: 12 }} />
      )}
      <Form
        form={form}
        // a name per SSID: the fields' ids (and so their labels) stay unique on the page
        name={`portal-${setting.target}`}
        layout="vertical"
        disabled={disabled}
        initialValues={{
          enabled: setting.enabled,
          page_id: setting.page_id,
          strategy_id: setting.strategy_id,
          methods: setting.methods,
          offline_policy: setting.offline_policy,
        }}
        onFinish={(values) => void handleFinish(values)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="enabled" label={t('devicePortal.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="page_id"
          label={t('devicePortal.page')}
          rules={[neededWhenOn('page_id')]}
          dependencies={['enabled']}
          hidden={!enabled}
        >
          <Select
            placeholder={t('devicePortal.choose')}
            options={options(choices.pages, setting.page_id)}
            allowClear
          />
        </Form.Item>
        <Form.Item
          name="strategy_id"
          label={t('devicePortal.strategy')}
          rules={[neededWhenOn('strategy_id')]}
          dependencies={['enabled']}
          hidden={!enabled}
        >
          <Select
            placeholder={t('devicePortal.choose')}
            options={options(choices.strategies, setting.strategy_id)}
            allowClear
          />
        </Form.Item>
        <Form.Item
          name="methods"
          label={t('devicePortal.methods')}
          rules={[neededWhenOn('methods')]}
          dependencies={['enabled']}
          hidden={!enabled}
        >
          <Checkbox.Group
            options={PORTAL_METHODS.map((method) => ({
              value: method,
              label: t(`devicePortal.methodNames.${method}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="offline_policy" label={t('devicePortal.offline')} hidden={!enabled}>
          <Radio.Group
            options={OFFLINE_POLICIES.map((policy) => ({
              value: policy,
              label: t(`devicePortal.offlinePolicies.${policy}`),
            }))}
          />
        </Form.Item>
        {!disabled && (
          <Button type="primary" htmlType="submit" loading={set.isPending}>
            {t('devicePortal.save')}
          </Button>
        )}
      </Form>
    </SettingsCard>
  )
}
