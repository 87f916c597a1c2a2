import { describeError, type ErrorCodeValue } from '@canopy/shared/errors'

/** A refusal with §8 codes. Services throw it; the one error handler renders the envelope. */
export class AppError extends Error {
  readonly codes: readonly ErrorCodeValue[]
  readonly details: unknown

  constructor(code: ErrorCodeValue | readonly ErrorCodeValue[], details?: unknown) {
    const codes = Array.isArray(code) ? code : [code as ErrorCodeValue]
    super(`AppError ${codes.join(',')}`)
    this.codes = codes
    this.details = details
  }

  get httpStatus(): number {
    return describeError(this.codes[0] ?? 0)?.http ?? 400
  }
}
