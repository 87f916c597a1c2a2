import { describe, expect, it } from 'vitest'
import {
  devicePublishAllowed,
  deviceSubscribeAllowed,
  macOfThing,
  thingNameOf,
  thingOfTopic,
  topics,
} from './topics'

const thing = thingNameOf('02:C1:00:00:00:2A')

describe('thing names', () => {
  it('derive from the MAC and back', () => {
    expect(thing).toBe('cnp-02c10000002a')
    expect(thingNameOf('02-c1-00-00-00-2a')).toBe(thing)
    expect(macOfThing(thing)).toBe('02:C1:00:00:00:2A')
  })

  it('refuse anything that could widen a topic', () => {
    for (const bad of ['+', '#', 'cnp-+', 'cnp-02c10000002a/#', 'cnp-02C10000002A']) {
      expect(() => topics.status(bad)).toThrow()
    }
  })

  it('are found in topics', () => {
    expect(thingOfTopic(topics.shadow.updateDelta(thing))).toBe(thing)
    expect(thingOfTopic(topics.telemetry(thing))).toBe(thing)
    expect(thingOfTopic('dt/canopy/+/status')).toBeUndefined()
  })
})

describe('device access control', () => {
  const other = thingNameOf('02:C1:00:00:00:2B')

  it('lets a device publish its own protocol topics only', () => {
    for (const topic of [
      topics.shadow.update(thing),
      topics.shadow.get(thing),
      topics.status(thing),
      topics.telemetry(thing),
      topics.rpcResponse(thing),
      topics.jobs.startNext(thing),
      topics.jobs.update(thing, 'job-1'),
    ]) {
      expect(devicePublishAllowed(thing, topic), topic).toBe(true)
    }
    for (const topic of [
      topics.status(other),
      topics.shadow.updateDelta(thing),
      topics.rpcRequest(thing),
      'dt/canopy/+/status',
      `$aws/things/${thing}/jobs/a/b/update`,
      'anything/else',
    ]) {
      expect(devicePublishAllowed(thing, topic), topic).toBe(false)
    }
  })

  it('lets a device subscribe under its own prefixes only', () => {
    expect(deviceSubscribeAllowed(thing, topics.shadow.updateDelta(thing))).toBe(true)
    expect(deviceSubscribeAllowed(thing, `$aws/things/${thing}/shadow/#`)).toBe(true)
    expect(deviceSubscribeAllowed(thing, topics.rpcRequest(thing))).toBe(true)
    expect(deviceSubscribeAllowed(thing, '$aws/things/+/shadow/#')).toBe(false)
    expect(deviceSubscribeAllowed(thing, '#')).toBe(false)
    expect(deviceSubscribeAllowed(thing, topics.rpcRequest(other))).toBe(false)
  })
})
