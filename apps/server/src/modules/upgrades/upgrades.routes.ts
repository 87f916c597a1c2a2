import { ACTION_PERMISSIONS } from '@canopy/shared/batch-rules'
import { can } from '@canopy/shared/permissions'
import {
  upgradeCreateRequest,
  upgradeDeleteRequest,
  upgradeDevicesRequest,
  upgradeInfoRequest,
  upgradeListRequest,
  upgradeLogExportQuery,
  upgradeLogRequest,
  upgradeOrderRequest,
  upgradeRetryRequest,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { UpgradeLogReader } from './upgrade-log'
import type { UpgradesService } from './upgrades.service'

/** Upgrade orders (issue 13; §2 /maintain/upgrade, admin only) and the upgrade log (/maintain/log). */
export function upgradesRoutes({ upgrades, log }: { upgrades: UpgradesService; log: UpgradeLogReader }) {
  const permission = ACTION_PERMISSIONS.upgrade
  return [
    signedInRoute({
      permission,
      method: 'POST',
      path: '/backend/upgrade/create',
      body: upgradeCreateRequest,
      handler: ({ principal, body }) => upgrades.create(principal, body),
    }),
    signedInRoute({
      permission,
      method: 'POST',
      path: '/backend/upgrade/list',
      body: upgradeListRequest,
      handler: ({ principal, body }) => upgrades.list(principal, body),
    }),
    signedInRoute({
      permission,
      method: 'POST',
      path: '/backend/upgrade/info',
      body: upgradeInfoRequest,
      handler: ({ principal, body }) => upgrades.info(principal, body),
    }),
    signedInRoute({
      permission,
      method: 'POST',
      path: '/backend/upgrade/retry',
      body: upgradeRetryRequest,
      handler: ({ principal, body }) => upgrades.retry(principal, body.id, body.deviceIds),
    }),
    signedInRoute({
      permission,
      method: 'POST',
      path: '/backend/upgrade/cancel',
      body: upgradeOrderRequest,
      handler: async ({ principal, body }) => {
        await upgrades.cancel(principal, body.id)
        return {}
      },
    }),
    signedInRoute({
      permission,
      method: 'POST',
      path: '/backend/upgrade/delete',
      body: upgradeDeleteRequest,
      handler: async ({ principal, body }) => {
        await upgrades.remove(principal, body.ids)
        return {}
      },
    }),
    // The device list and detail merge it: anyone who sees the devices sees their upgrade status.
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/upgrade/devices',
      body: upgradeDevicesRequest,
      handler: ({ principal, body }) => upgrades.deviceStatuses(principal, body.ids),
    }),
    signedInRoute({
      permission: can.view('maintain'),
      method: 'POST',
      path: '/backend/log/upgrade/list',
      body: upgradeLogRequest,
      handler: ({ principal, body }) => log.list(principal, body),
    }),
    signedInRoute({
      permission: can.view('maintain'),
      method: 'GET',
      path: '/backend/log/upgrade/export',
      query: upgradeLogExportQuery,
      handler: ({ principal, query, facts }) => log.export(principal, query, facts.language),
    }),
  ]
}
