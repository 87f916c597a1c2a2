import { DownOutlined } from '@ant-design/icons'
import { decideBatch } from '@canopy/shared/batch-rules'
import type { Permission } from '@canopy/shared/permissions'
import { Button, type ButtonProps, Dropdown, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../shared/i18n/i18n'
import { WithReason } from '../../shared/ui/WithReason'
import { deviceActionLabels } from './action-labels'
import type { Device } from './api'
import type { DeviceAction } from './list-actions'

export interface BatchToolbarProps {
  selection: readonly Device[]
  /** the permitted actions, in toolbar order */
  actions: readonly DeviceAction[]
  /** the caller's §6 grants, for the shared batch rules */
  permitted: (permission: Permission) => boolean
  onRun: (action: DeviceAction, devices: readonly Device[], options?: { led?: boolean }) => void
  /** a refusal the batch rules cannot know (an upgrade needs a newer package): a message key */
  refusalOf?: (action: DeviceAction, devices: readonly Device[]) => string | undefined
}

/**
 * What can be done to the selected devices: one button per permitted action, disabled with
 * the shared §5 rules' reason when this selection may not take it (offline devices in a
 * reboot, two models in a WiFi change, an online device in a delete).
 */
export function BatchToolbar({ selection, actions, permitted, onRun, refusalOf }: BatchToolbarProps) {
  const { t } = useTranslation()
  const labels = deviceActionLabels(t)
  const reasonOf = (action: DeviceAction) => {
    const decision = decideBatch(action, selection, permitted)
    if (!decision.allowed) return translateKey(decision.reason)
    const refusal = refusalOf?.(action, selection)
    return refusal ? translateKey(refusal) : undefined
  }
  return (
    <Flex
      gap={8}
      align="center"
      wrap
      role="toolbar"
      aria-label={t('devices.list.selected', { count: selection.length })}
    >
      <Typography.Text>{t('devices.list.selected', { count: selection.length })}</Typography.Text>
      {actions.map((action) => (
        <WithReason key={action} reason={reasonOf(action)}>
          {action === 'led' ? (
            <LedButton label={labels.led} onPick={(led) => onRun('led', selection, { led })} />
          ) : (
            <Button
              danger={action === 'unbind' || action === 'delete'}
              onClick={() => onRun(action, selection)}
            >
              {labels[action]}
            </Button>
          )}
        </WithReason>
      ))}
    </Flex>
  )
}

/** The LED action: on or off, from a menu. */
function LedButton({
  label,
  onPick,
  ...control
}: { label: string; onPick: (led: boolean) => void } & Pick<
  ButtonProps,
  'disabled' | 'style' | 'aria-describedby'
>) {
  const { t } = useTranslation()
  return (
    <Dropdown
      trigger={['click']}
      disabled={control.disabled}
      menu={{
        items: [
          { key: 'on', label: t('deviceOperations.actions.ledOn') },
          { key: 'off', label: t('deviceOperations.actions.ledOff') },
        ],
        onClick: ({ key }) => onPick(key === 'on'),
      }}
    >
      <Button {...control}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  )
}
