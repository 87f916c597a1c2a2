import type { Dayjs } from 'dayjs'
import type { CreateOrderRequest } from './api'

export type CanaryMode = 'none' | 'devices' | 'percent'

/** The create dialog's fields; names match the request's where the server may name them in a refusal. */
export interface OrderFormValues {
  target: 'devices' | 'project'
  deviceIds?: number[]
  gid?: number
  /** the model to upgrade within a project (chosen devices give theirs) */
  model?: string
  packageId?: number
  timing: 'immediate' | 'timed'
  startAt?: Dayjs | null
  canaryMode: CanaryMode
  canaryDevices?: number | null
  canaryPercent?: number | null
  ratePerMinute?: number | null
  concurrency?: number | null
  abortPercent?: number | null
  abortMinFinished?: number | null
  waitOffline?: boolean
  windowEnd?: Dayjs | null
}

export const INITIAL_ORDER_FORM: OrderFormValues = {
  target: 'devices',
  timing: 'immediate',
  canaryMode: 'none',
  waitOffline: false,
}

const given = (value: number | null | undefined): value is number => value !== null && value !== undefined

/** An instant as the contract writes it: ISO-8601 with the viewer's offset, to the second. */
export function isoWithOffset(value: Dayjs): string {
  return value.second(0).millisecond(0).format('YYYY-MM-DDTHH:mm:ssZ')
}

/** The create call for these fields: only what was chosen, so the server's defaults apply to the rest. */
export function createOrderRequest(values: OrderFormValues, packageId: number): CreateOrderRequest {
  const request: CreateOrderRequest = { packageId, timing: values.timing }
  if (values.target === 'project') request.gid = values.gid
  else request.deviceIds = values.deviceIds ?? []
  if (values.timing === 'timed' && values.startAt) request.startAt = isoWithOffset(values.startAt)
  if (values.canaryMode === 'devices' && given(values.canaryDevices))
    request.canary = { devices: values.canaryDevices }
  if (values.canaryMode === 'percent' && given(values.canaryPercent))
    request.canary = { percent: values.canaryPercent }
  if (given(values.ratePerMinute)) request.ratePerMinute = values.ratePerMinute
  if (given(values.concurrency)) request.concurrency = values.concurrency
  if (given(values.abortPercent) && given(values.abortMinFinished))
    request.abort = { failurePercent: values.abortPercent, minFinished: values.abortMinFinished }
  if (values.waitOffline) request.waitOffline = true
  if (values.windowEnd) request.windowEnd = isoWithOffset(values.windowEnd)
  return request
}
