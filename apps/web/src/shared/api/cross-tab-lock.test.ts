import { beforeEach, describe, expect, it } from 'vitest'
import { crossTabLock } from './cross-tab-lock'

beforeEach(() => window.localStorage.clear())

/** Two "tabs" run work under the lock at once; returns the order work started and ended. */
async function race(lockA: ReturnType<typeof crossTabLock>, lockB: ReturnType<typeof crossTabLock>) {
  const events: string[] = []
  const work = (tab: string) => async () => {
    events.push(`${tab} starts`)
    await new Promise((resolve) => setTimeout(resolve, 30))
    events.push(`${tab} ends`)
    return tab
  }
  const results = await Promise.all([lockA(work('a')), lockB(work('b')), lockA(work('c'))])
  return { events, results }
}

function neverOverlap(events: string[]) {
  for (let i = 0; i < events.length; i += 2) {
    expect(events[i]?.endsWith('starts')).toBe(true)
    expect(events[i + 1]).toBe(events[i]?.replace('starts', 'ends'))
  }
}

describe('crossTabLock', () => {
  it('without Web Locks (plain HTTP), a storage lease still lets one tab at a time in', async () => {
    const env = { locks: undefined, storage: window.localStorage }
    const { events, results } = await race(crossTabLock('refresh', env), crossTabLock('refresh', env))
    expect(results).toEqual(['a', 'b', 'c'])
    expect(events).toHaveLength(6)
    neverOverlap(events)
    expect(window.localStorage.getItem('canopy.lock.refresh')).toBeNull()
  })

  it('takes an expired lease over (its tab died holding it)', async () => {
    window.localStorage.setItem('canopy.lock.refresh', JSON.stringify({ id: 'dead', until: Date.now() - 1 }))
    const lock = crossTabLock('refresh', { locks: undefined, storage: window.localStorage })
    await expect(lock(async () => 'in')).resolves.toBe('in')
  })

  it('uses Web Locks when the browser has them', async () => {
    const requested: string[] = []
    const locks = {
      request: (name: string, work: () => Promise<unknown>) => {
        requested.push(name)
        return work()
      },
    } as unknown as LockManager
    await expect(crossTabLock('refresh', { locks })(async () => 'in')).resolves.toBe('in')
    expect(requested).toEqual(['refresh'])
  })
})
