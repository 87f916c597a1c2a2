import { describe, expect, it } from 'vitest'
import { ExecutionWrites } from './execution-writes'
import type { ExecutionRow, ProgressChange } from './jobs.repository'

const change = (deviceId: number, progress: string): ProgressChange => ({
  jobId: 'job-1',
  deviceId,
  statusDetails: { progress },
  stepTimeoutAt: 'keep',
})

/** A database that holds each write until the test lets it go, and saves all but device 99. */
function heldDatabase() {
  const writes: ProgressChange[][] = []
  const release: Array<() => void> = []
  const write = (changes: ProgressChange[]) => {
    writes.push(changes)
    return new Promise<Array<ExecutionRow | undefined>>((resolve, reject) => {
      release.push(() =>
        changes.some((c) => c.deviceId === 0)
          ? reject(new Error('connection lost'))
          : resolve(
              changes.map((c) =>
                c.deviceId === 99 ? undefined : ({ deviceId: c.deviceId } as ExecutionRow),
              ),
            ),
      )
    })
  }
  const letGo = async () => {
    release.shift()!()
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { writes, write, letGo }
}

describe('ExecutionWrites', () => {
  it('writes the first at once and those that came meanwhile together, each answered', async () => {
    const database = heldDatabase()
    const writes = new ExecutionWrites(database.write)
    const first = writes.save(change(1, '10'))
    const others = [writes.save(change(2, '10')), writes.save(change(3, '10')), writes.save(change(99, '10'))]
    expect(database.writes.map((batch) => batch.map((c) => c.deviceId))).toEqual([[1]])
    await database.letGo()
    expect(await first).toEqual({ deviceId: 1 })
    expect(database.writes.map((batch) => batch.map((c) => c.deviceId))).toEqual([[1], [2, 3, 99]])
    await database.letGo()
    expect(await Promise.all(others)).toEqual([{ deviceId: 2 }, { deviceId: 3 }, undefined])
  })

  it('never puts two changes of one execution in a statement: the later waits for the next', async () => {
    const database = heldDatabase()
    const writes = new ExecutionWrites(database.write)
    const saved = [writes.save(change(1, '10')), writes.save(change(2, '10')), writes.save(change(2, '20'))]
    await database.letGo()
    await database.letGo()
    await database.letGo()
    await Promise.all(saved)
    expect(database.writes.map((batch) => batch.map((c) => c.statusDetails?.progress))).toEqual([
      ['10'],
      ['10'],
      ['20'],
    ])
  })

  it('fails every change of a failed write, and goes on with the next', async () => {
    const database = heldDatabase()
    const writes = new ExecutionWrites(database.write)
    const first = writes.save(change(1, '10'))
    const failing = Promise.allSettled([writes.save(change(0, '10')), writes.save(change(4, '10'))])
    const after = writes.save(change(4, '20'))
    await database.letGo()
    await database.letGo()
    expect((await failing).map((outcome) => outcome.status === 'rejected' && String(outcome.reason))).toEqual(
      ['Error: connection lost', 'Error: connection lost'],
    )
    await database.letGo()
    expect(await first).toEqual({ deviceId: 1 })
    expect(await after).toEqual({ deviceId: 4 })
  })
})
