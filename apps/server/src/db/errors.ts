/** The name of the unique constraint a write broke, or undefined for any other error. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const candidate = (error as { cause?: unknown })?.cause ?? error
  const pgError = candidate as { code?: string; constraint?: string }
  return pgError?.code === '23505' ? pgError.constraint : undefined
}

/** Whether a delete was refused because another row still references the one deleted. */
export function violatedForeignKey(error: unknown): boolean {
  const candidate = (error as { cause?: unknown })?.cause ?? error
  const code = (candidate as { code?: string })?.code
  // 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (ON DELETE RESTRICT)
  return code === '23503' || code === '23001'
}
