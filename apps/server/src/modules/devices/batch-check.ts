import { type DeviceAction, decideBatch, decideBind } from '@canopy/shared/batch-rules'
import { permits } from '@canopy/shared/permissions'
import { AppError } from '../../http/app-error'
import type { Principal } from '../auth/principal'
import type { DeviceRow } from './devices.repository'

/**
 * The shared §5 batch rules (packages/shared/src/batch-rules.ts), applied to devices the caller
 * may see: nothing, or the rule's §8 code. A product is one model, so its id names the model.
 */
export function requireBatch(
  principal: Principal,
  action: DeviceAction,
  devices: readonly Pick<DeviceRow, 'status' | 'productId'>[],
): void {
  const decision = decideBatch(
    action,
    devices.map((device) => ({ status: device.status, model: device.productId })),
    (permission) => permits(principal.access, permission),
  )
  if (!decision.allowed) {
    throw new AppError(decision.code, decision.violation ? { violations: [decision.violation] } : undefined)
  }
}

/** The shared bind rule (the console's bind button obeys it too): nothing, or its §8 code. */
export function requireBind(principal: Principal, visibleProjects: number): void {
  const decision = decideBind(visibleProjects, (permission) => permits(principal.access, permission))
  if (!decision.allowed) throw new AppError(decision.code)
}
