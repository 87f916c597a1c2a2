import { codeForValidationKey, type ErrorCodeValue } from '@canopy/shared/errors'
import { unstorableIn } from '@canopy/shared/protocol'
import { UNSTORABLE_TEXT_KEY } from '@canopy/shared/validation'
import type { z } from 'zod'
import { AppError } from './app-error'

/**
 * Parses input with its shared §5 schema. A refusal lists the codes of every broken rule (the
 * first one is the envelope status) and, as data, which field broke which rule. A route may give
 * a rule its own code (the bind dialog's "password empty" is 600400176).
 *
 * Before any schema, every text of the input — values and keys — must be storable (no NUL, no
 * unpaired surrogate) and nest no deeper than a device message may: the shared text schemas say
 * so too, but this way a schema that takes a plain string, or passes unknown keys through, cannot
 * let one reach a query.
 */
export function parseInput<T>(
  schema: z.ZodType<T>,
  input: unknown,
  ownCodes: Readonly<Record<string, ErrorCodeValue>> = {},
): T {
  if (unstorableIn(input) !== undefined) {
    throw new AppError(codeForValidationKey(UNSTORABLE_TEXT_KEY), {
      violations: [{ field: '', rule: UNSTORABLE_TEXT_KEY }],
    })
  }
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const violations = result.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    rule: issue.message,
  }))
  const codes = [
    ...new Set(
      violations.map((violation) => ownCodes[violation.rule] ?? codeForValidationKey(violation.rule)),
    ),
  ]
  throw new AppError(codes, { violations })
}
