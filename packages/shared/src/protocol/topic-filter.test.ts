import { describe, expect, it } from 'vitest'
import { topicMatches } from './topic-filter'

describe('topicMatches', () => {
  it.each([
    ['dt/canopy/+/status', 'dt/canopy/cnp-1/status', true],
    ['dt/canopy/+/status', 'dt/canopy/cnp-1/telemetry', false],
    ['$aws/things/+/shadow/update', '$aws/things/t/shadow/update', true],
    ['$aws/things/+/shadow/update', '$aws/things/t/shadow/update/accepted', false],
    ['$aws/things/+/jobs/+/update', '$aws/things/t/jobs/job-1/update', true],
    ['cmd/#', 'cmd/canopy/t/res', true],
    ['$share/canopy/dt/canopy/+/telemetry', 'dt/canopy/t/telemetry', true],
    ['a/b', 'a', false],
  ])('%s against %s: %s', (filter, topic, expected) => {
    expect(topicMatches(filter, topic)).toBe(expected)
  })
})
