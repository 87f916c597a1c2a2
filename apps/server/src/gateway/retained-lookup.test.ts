import type { Readable } from 'node:stream'
import type { Packet } from 'aedes-persistence'
import { describe, expect, it } from 'vitest'
import { persistenceWithRetainedLookup } from './retained-lookup'

function retained(topic: string, payload: string) {
  return { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: true } as unknown as Packet
}

async function topicsOf(stream: Readable): Promise<string[]> {
  const topics: string[] = []
  for await (const packet of stream) topics.push((packet as { topic: string }).topic)
  return topics.sort()
}

describe('retained messages looked up by topic', () => {
  it('finds exact topics directly, wildcards by search, and forgets a cleared topic', async () => {
    const persistence = persistenceWithRetainedLookup()
    // As Aedes 1.x uses it: no callback, a promise back.
    const store = (packet: Packet) =>
      (persistence.storeRetained as unknown as (packet: Packet) => Promise<void>)(packet)
    await store(retained('dt/canopy/a/status', 'online'))
    await store(retained('dt/canopy/b/status', 'online'))
    await store(retained('cmd/canopy/a/req', 'x'))

    expect(
      await topicsOf(persistence.createRetainedStreamCombi(['dt/canopy/a/status', 'dt/canopy/c/status'])),
    ).toEqual(['dt/canopy/a/status'])
    expect(await topicsOf(persistence.createRetainedStreamCombi(['dt/canopy/+/status']))).toEqual([
      'dt/canopy/a/status',
      'dt/canopy/b/status',
    ])

    await store(retained('dt/canopy/a/status', ''))
    expect(await topicsOf(persistence.createRetainedStreamCombi(['dt/canopy/a/status']))).toEqual([])
    expect(await topicsOf(persistence.createRetainedStreamCombi(['dt/canopy/#']))).toEqual([
      'dt/canopy/b/status',
    ])
  })

  it('walks the levels of a wildcard pattern under a literal first level, each message once', async () => {
    const persistence = persistenceWithRetainedLookup()
    const store = (packet: Packet) =>
      (persistence.storeRetained as unknown as (packet: Packet) => Promise<void>)(packet)
    await store(retained('$aws/things/a/jobs/j1/update/accepted', '1'))
    await store(retained('$aws/things/a/jobs/j2/update/rejected', '2'))
    await store(retained('$aws/things/b/jobs/j1/update/accepted', '3'))
    await store(retained('dt/canopy/a', 'parent'))
    await store(retained('dt/canopy/a/status', 'online'))
    const find = (patterns: string[]) => topicsOf(persistence.createRetainedStreamCombi(patterns))

    expect(await find(['$aws/things/a/jobs/+/update/accepted'])).toEqual([
      '$aws/things/a/jobs/j1/update/accepted',
    ])
    expect(await find(['$aws/things/a/jobs/#', '$aws/things/a/jobs/+/update/accepted'])).toEqual([
      '$aws/things/a/jobs/j1/update/accepted',
      '$aws/things/a/jobs/j2/update/rejected',
    ])
    // `#` matches its parent level too; `+` one level only.
    expect(await find(['dt/canopy/a/#'])).toEqual(['dt/canopy/a', 'dt/canopy/a/status'])
    expect(await find(['dt/+'])).toEqual([])
    // A leading wildcard goes to Aedes' own search.
    expect(await find(['+/canopy/a'])).toEqual(['dt/canopy/a'])
  })
})
