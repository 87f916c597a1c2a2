/**
 * What the log keeps of an unexpected error: its kind, code and message, and for a database
 * error the SQL text — never the query's parameters or any other property an error carries (pg
 * errors hold the failing row's values in `detail`, drizzle's query error holds `params` and
 * writes them into its message and stack; a request body may hold a password).
 */
export interface LoggableError {
  type: string
  message: string
  code?: string
  /** the statement that failed, with its `$n` placeholders, never their values */
  sql?: string
  stack?: string
  cause?: LoggableError
}

/** How many causes deep a chain is followed (drizzle wraps pg's error once). */
const CAUSE_DEPTH = 3

export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a thrown non-error value' }
  const fields = error as Error & { code?: unknown; query?: unknown; params?: unknown; cause?: unknown }
  const database = isDatabaseError(fields) || typeof fields.query === 'string'
  const entry: LoggableError = {
    type: error.constructor?.name ?? error.name,
    // A query error's own message is its SQL and its parameters; pg's quotes the value it refused.
    message:
      typeof fields.query === 'string'
        ? 'Failed query'
        : database
          ? withoutQuoted(error.message)
          : error.message,
  }
  if (typeof fields.code === 'string') entry.code = fields.code
  if (typeof fields.query === 'string') entry.sql = fields.query
  // A stack starts with the message, so a database error's stack could carry values too.
  if (!database && error.stack) entry.stack = error.stack
  if (fields.cause !== undefined && depth < CAUSE_DEPTH) entry.cause = loggableError(fields.cause, depth + 1)
  return entry
}

/** pg reports server errors with a five-character SQLSTATE and socket failures with errno codes. */
export function isDatabaseError(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && (/^[0-9A-Z]{5}$/.test(error.code) || error.code === 'ECONNREFUSED')
}

/** Whether the error, or one of its causes (drizzle wraps pg's error), came from the database. */
export function comesFromDatabase(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth <= CAUSE_DEPTH; depth++) {
    if (
      isDatabaseError(current as { code?: unknown }) ||
      typeof (current as { query?: unknown }).query === 'string'
    )
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** pg quotes the values it refuses (`invalid input syntax for type integer: "abc"`). */
function withoutQuoted(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"')
}
