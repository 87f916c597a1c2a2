/** How many characters of a statement name it in the counts: enough to tell statements apart. */
const STATEMENT_PREFIX = 200

/**
 * Statements the server sent, counted by their text (parameters apart), for an operator who
 * wants to know what a load makes the database do (`DATABASE_STATEMENT_COUNTS=1`, read at
 * `GET /api/operator/metrics`, `database.statements`; docs/operations.md). Off by default: it
 * costs a map update a statement.
 */
export class StatementCounts {
  private readonly counts = new Map<string, number>()

  count(statement: string): void {
    const key = statement.slice(0, STATEMENT_PREFIX)
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
  }

  /** The `limit` statements sent most, most first. */
  top(limit = 40): Array<{ statement: string; count: number }> {
    return [...this.counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([statement, count]) => ({ statement, count }))
  }
}
