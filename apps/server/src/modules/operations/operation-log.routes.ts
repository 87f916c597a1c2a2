import { can } from '@canopy/shared/permissions'
import { operationLogExportRequest, operationLogRequest } from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { OperationLogReader } from './operation-log-reader'

/** The operation log (§2 /maintain/log): its pages and its CSV export. */
export function operationLogRoutes({ reader }: { reader: OperationLogReader }) {
  return [
    signedInRoute({
      permission: can.view('maintain'),
      method: 'POST',
      path: '/backend/log/operation/list',
      body: operationLogRequest,
      handler: ({ principal, body }) => reader.list(principal, body),
    }),
    signedInRoute({
      permission: can.view('maintain'),
      method: 'GET',
      path: '/backend/log/operation/export',
      query: operationLogExportRequest,
      handler: ({ principal, query, facts }) => reader.export(principal, query, facts.language),
    }),
  ]
}
