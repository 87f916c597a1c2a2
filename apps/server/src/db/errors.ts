/** The name of the unique constraint a write broke, or undefined for any other error. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const candidate = (error as { cause?: unknown })?.cause ?? error
  const pgError = candidate as { code?: string; constraint?: string }
  return pgError?.code === '23505' ? pgError.constraint : undefined
}
