import { Tag } from 'antd'
import type { TFunction } from 'i18next'
import { i18n, translateKey } from '../../shared/i18n/i18n'
import type { CommandResult, DownloadPhase, OrderResult, OrderStatus, UpgradeResult } from './api'

const RESULT_COLOURS: Record<OrderResult, string> = {
  waiting: 'default',
  upgrading: 'processing',
  success: 'success',
  failed: 'error',
  partial: 'warning',
}

export function OrderResultTag({ result, t }: { result: OrderResult; t: TFunction }) {
  return <Tag color={RESULT_COLOURS[result]}>{t(`maintain.orders.results.${result}`)}</Tag>
}

export function orderStatusLabel(t: TFunction, status: OrderStatus): string {
  return t(`maintain.orders.statuses.${status}`)
}

export function upgradeResultLabel(t: TFunction, result: UpgradeResult): string {
  return t(`maintain.detail.upgradeResults.${result}`)
}

export function UpgradeResultTag({ result, t }: { result: UpgradeResult; t: TFunction }) {
  return <Tag color={RESULT_COLOURS[result]}>{upgradeResultLabel(t, result)}</Tag>
}

export function commandResultLabel(t: TFunction, result: CommandResult): string {
  return t(`maintain.detail.commandResults.${result}`)
}

export function downloadLabel(t: TFunction, phase: DownloadPhase): string {
  return t(`maintain.detail.downloads.${phase}`)
}

/** Why an order stopped early, as data ('canary_failed') → its words, or the value itself. */
export function endReasonLabel(reason: string): string {
  const key = `maintain.orders.endReasons.${reason}`
  return i18n.exists(key) ? translateKey(key) : reason
}
