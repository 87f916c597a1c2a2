import { Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/templates-messages'
import { type DeviceTemplateState, type TemplateSync, useTemplateStates } from './api'

const SYNC_COLOURS: Record<TemplateSync, string> = {
  pending: 'default',
  applying: 'processing',
  in_sync: 'success',
  failed: 'error',
  changed: 'warning',
  outdated: 'processing',
  refused: 'error',
}

/** A device's template name, config application (§4: not applied, manual, automatic) and sync state. */
export function TemplateStateTags({ state }: { state: DeviceTemplateState }) {
  const { t } = useTranslation()
  return (
    <Flex gap={4} align="center" wrap>
      {state.template_name && <Typography.Text strong>{state.template_name}</Typography.Text>}
      <Tag>{t(`templates.modes.${state.mode}`)}</Tag>
      {state.sync && <Tag color={SYNC_COLOURS[state.sync]}>{t(`templates.sync.${state.sync}`)}</Tag>}
    </Flex>
  )
}

/** The device detail's line: its configuration template and whether it is in sync. */
export function TemplateBadge({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation()
  const states = useTemplateStates([deviceId])
  const state = states.data?.[0]
  if (!state) return null
  return (
    <Flex gap={4} align="center" wrap role="group" aria-label={t('templates.device.title')}>
      <Typography.Text type="secondary">{t('templates.device.template')}:</Typography.Text>
      <TemplateStateTags state={state} />
    </Flex>
  )
}
