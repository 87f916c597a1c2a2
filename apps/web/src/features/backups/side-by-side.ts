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

/** A row to show: a line of the diff (by its place), or a run of unchanged lines folded away. */
export type ShownRow = { at: number; row: DiffRow } | { fold: { from: number; count: number } }

/** unchanged lines kept around each difference */
export const CONTEXT_LINES = 3
/** a shorter run of unchanged lines is shown rather than folded: a fold would hide next to nothing */
const FOLD_AT_LEAST = 4

/**
 * The rows a side-by-side view shows: every difference with CONTEXT_LINES unchanged lines around
 * it, and each longer run of unchanged lines as one fold (unless `open` names it, by the place of
 * its first line). Two 10 KB configurations are some 400 lines; a few differences then render as
 * a few dozen rows instead of all of them.
 */
export function withFolds(rows: readonly DiffRow[], open: ReadonlySet<number>): ShownRow[] {
  const near = new Array<boolean>(rows.length).fill(false)
  rows.forEach((row, at) => {
    if (row.kind === 'same') return
    for (
      let line = Math.max(0, at - CONTEXT_LINES);
      line <= Math.min(rows.length - 1, at + CONTEXT_LINES);
      line++
    )
      near[line] = true
  })
  const shown: ShownRow[] = []
  let at = 0
  while (at < rows.length) {
    if (near[at]) {
      shown.push({ at, row: rows[at]! })
      at++
      continue
    }
    let end = at
    while (end < rows.length && !near[end]) end++
    if (end - at >= FOLD_AT_LEAST && !open.has(at)) shown.push({ fold: { from: at, count: end - at } })
    else for (let line = at; line < end; line++) shown.push({ at: line, row: rows[line]! })
    at = end
  }
  return shown
}
