import { Tag } from 'antd'
import type { TFunction } from 'i18next'
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

export function UpgradeResultTag({ result, t }: { result: UpgradeResult; t: TFunction }) {
  return <Tag color={RESULT_COLOURS[result]}>{t(`maintain.detail.upgradeResults.${result}`)}</Tag>
}

export function commandResultLabel(t: TFunction, result: CommandResult): string {
  return t(`maintain.detail.commandResults.${result}`)
}

export function downloadLabel(t: TFunction, phase: DownloadPhase): string {
  return t(`maintain.detail.downloads.${phase}`)
}
