/** A §5 rule the server found broken: `rule` is the i18n key to show on `field`. */
export interface Violation {
  readonly field: string
  readonly rule: string
}

/** Why a call failed, as far as the console needs to know. */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  constructor(
    /** the envelope's errorCode list (empty when the response had no envelope) */
    readonly codes: readonly number[],
    /** HTTP status; 0 when no response arrived */
    readonly status: number,
    readonly data: unknown,
    /** i18n key of the message to show */
    readonly messageKey: string,
    /** the client already told the user (toast or forced logout): don't say it twice */
    readonly shown: boolean,
  ) {
    super(messageKey)
  }

  get code(): number | undefined {
    return this.codes[0]
  }

  /** Field-level refusals the server attached (`data.violations`). */
  get violations(): readonly Violation[] {
    const violations = (this.data as { violations?: unknown } | null)?.violations
    if (!Array.isArray(violations)) return []
    return violations.filter(
      (v): v is Violation => typeof v?.field === 'string' && typeof v?.rule === 'string',
    )
  }

  hasCode(code: number): boolean {
    return this.codes.includes(code)
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
