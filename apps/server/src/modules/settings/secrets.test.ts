import { reportedSecretHash } from '@canopy/shared/protocol/credential'
import { describe, expect, it } from 'vitest'
import { pendingDelta, secretScrub, withoutSecrets } from './secrets'

const desired = { '5g': { ssid: 'Office', password: 'secret-123', channel: 44 } }

describe('secrets in settings', () => {
  it('count a secret as applied when the device reports its hash', () => {
    const reported = { '5g': { ssid: 'Office', passwordHash: reportedSecretHash('secret-123'), channel: 44 } }
    expect(pendingDelta(desired, reported)).toEqual({})
    const stale = { '5g': { ssid: 'Office', passwordHash: reportedSecretHash('old-pass'), channel: 44 } }
    expect(pendingDelta(desired, stale)).toEqual({ '5g': { passwordHash: reportedSecretHash('secret-123') } })
  })
  it('never keep a secret where it is shown or logged', () => {
    expect(
      withoutSecrets({ ...desired, vaps: [{ ssid: 'Guest', password: 'x', passwordHash: 'y' }] }),
    ).toEqual({
      '5g': { ssid: 'Office', channel: 44 },
      vaps: [{ ssid: 'Guest' }],
    })
  })
  it('scrub applied secrets from desired', () => {
    expect(secretScrub(desired)).toEqual({ '5g': { password: null } })
    expect(secretScrub({ '5g': { ssid: 'x' } })).toBeUndefined()
  })
})
