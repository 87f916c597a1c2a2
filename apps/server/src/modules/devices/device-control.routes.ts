import { ACTION_PERMISSIONS } from '@canopy/shared/batch-rules'
import { can } from '@canopy/shared/permissions'
import {
  deviceQuery,
  deviceReportRequest,
  deviceSelection,
  operationProgressQuery,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { OperationProgress } from '../operations/operation-progress'
import type { DeviceControlService } from './device-control.service'

/** §7 immediate operations and reads that ask the device, and a batch's progress. */
export function deviceControlRoutes({
  control,
  progress,
}: {
  control: DeviceControlService
  progress: OperationProgress
}) {
  return [
    signedInRoute({
      permission: ACTION_PERMISSIONS.reboot,
      method: 'POST',
      path: '/backend/device/restart',
      body: deviceQuery,
      handler: ({ principal, body }) => control.restart(principal, [body.id]),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.reboot,
      method: 'POST',
      path: '/backend/device/restarts',
      body: deviceSelection,
      handler: ({ principal, body }) => control.restart(principal, body.ids),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.ask,
      method: 'POST',
      path: '/backend/device/blink',
      body: deviceQuery,
      handler: ({ principal, body }) => control.blink(principal, body.id),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.ask,
      method: 'POST',
      path: '/backend/device/log',
      body: deviceQuery,
      handler: ({ principal, body }) => control.log(principal, body.id),
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.ask,
      method: 'POST',
      path: '/backend/device/wifi/users',
      body: deviceQuery,
      handler: ({ principal, body }) => control.clients(principal, body.id),
    }),
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/getwifioptions',
      body: deviceQuery,
      handler: ({ principal, body }) => control.wifiOptions(principal, body.id),
    }),
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/reports',
      body: deviceReportRequest,
      handler: ({ principal, body }) => control.reports(principal, body.id, body.hours),
    }),
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/relation/users',
      body: deviceQuery,
      handler: ({ principal, body }) => control.relatedAccounts(principal, body.id),
    }),
    signedInRoute({
      permission: can.device('view'),
      method: 'GET',
      path: '/backend/device/operation',
      query: operationProgressQuery,
      handler: ({ principal, query }) => progress.of(principal, query),
    }),
  ]
}
