import { z } from 'zod'
import { withLogFilters } from './log-filters'
import { page } from './organisation'

/** An operation's result over its devices (pending while any device's work is). */
export const OPERATION_RESULTS = ['pending', 'success', 'failed', 'partial'] as const
export type OperationResult = (typeof OPERATION_RESULTS)[number]

/** An operation's name as the log records it, e.g. device.setwifi or job.upgrade. */
const action = z
  .string({ error: 'validation.invalid_choice' })
  .regex(/^[a-z][a-z0-9._-]{0,63}$/, { error: 'validation.invalid_choice' })

const filters = {
  action: action.optional(),
  result: z.enum(OPERATION_RESULTS, { error: 'validation.invalid_choice' }).optional(),
}

/** POST backend/log/operation/list: a page of the operation log, by date, action and result. */
export const operationLogRequest = withLogFilters({ ...page, ...filters })

/** GET backend/log/operation/export: the same filters, the whole (capped) log as CSV. */
export const operationLogExportRequest = withLogFilters(filters)
