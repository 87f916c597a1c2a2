import { type Envelope, SUCCESS_STATUS } from '@canopy/shared/errors'

export function success<T>(data: T): Envelope<T> {
  return { status: SUCCESS_STATUS, errorCode: [], data }
}

export function failure(codes: readonly number[], data: unknown = null): Envelope {
  return { status: codes[0] ?? 0, errorCode: [...codes], data }
}
