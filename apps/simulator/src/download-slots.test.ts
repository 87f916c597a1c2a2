import { describe, expect, it } from 'vitest'
import { DownloadSlots } from './download-slots'

describe('download slots', () => {
  it('let at most their size through at once, the rest in turn as slots are released', async () => {
    const slots = new DownloadSlots(2)
    const first = await slots.take()
    const second = await slots.take()
    let thirdIn = false
    const third = slots.take().then((release) => {
      thirdIn = true
      return release
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(thirdIn).toBe(false)
    first()
    first()
    const release = await third
    expect(thirdIn).toBe(true)
    second()
    release()
    // Both free again (a double release counted once): two more get in at once.
    await Promise.all([slots.take(), slots.take()])
  })
})
