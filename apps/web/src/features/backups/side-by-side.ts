import { diffLines } from 'diff'

/** One row of a side-by-side view: the left line, the right line, and how they differ. */
export interface DiffRow {
  left: string | null
  right: string | null
  kind: 'same' | 'changed' | 'removed' | 'added'
}

const linesOf = (value: string) => value.replace(/\n$/, '').split('\n')

/**
 * Two texts side by side, from jsdiff's line diff: unchanged lines face each other, a removed run
 * faces the added run that replaces it (paired line by line), and what is left over faces a gap.
 */
export function sideBySide(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = []
  const changes = diffLines(before, after)
  for (let index = 0; index < changes.length; index++) {
    const change = changes[index]!
    if (!change.added && !change.removed) {
      for (const line of linesOf(change.value)) rows.push({ left: line, right: line, kind: 'same' })
      continue
    }
    const removed = change.removed ? linesOf(change.value) : []
    const next = changes[index + 1]
    const added = change.added ? linesOf(change.value) : next?.added ? linesOf(next.value) : []
    if (change.removed && next?.added) index++
    for (let line = 0; line < Math.max(removed.length, added.length); line++) {
      const left = removed[line] ?? null
      const right = added[line] ?? null
      rows.push({
        left,
        right,
        kind: left !== null && right !== null ? 'changed' : left !== null ? 'removed' : 'added',
      })
    }
  }
  return rows
}
