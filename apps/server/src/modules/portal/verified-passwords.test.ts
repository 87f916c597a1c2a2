import { describe, expect, it } from 'vitest'
import { VerifiedPasswords } from './verified-passwords'

const HASH = '$argon2id$v=19$m=2048,t=1,p=1$c2FsdA$aGFzaA'

describe("members' passwords verified lately", () => {
  it('answer only the password remembered, against the hash it was verified with', () => {
    const verified = new VerifiedPasswords()
    expect(verified.holds(HASH, 'guestpass1')).toBe(false)
    verified.remember(HASH, 'guestpass1')
    expect(verified.holds(HASH, 'guestpass1')).toBe(true)
    expect(verified.holds(HASH, 'guestpass2')).toBe(false)
    expect(verified.holds(HASH, 'guestpass1 ')).toBe(false)
    // A changed password is a new hash: the old password is not answered for it.
    expect(verified.holds(`${HASH}x`, 'guestpass1')).toBe(false)
  })

  it('are forgotten after ten minutes', () => {
    let now = 0
    const verified = new VerifiedPasswords(() => now)
    verified.remember(HASH, 'guestpass1')
    now = 10 * 60_000 - 1
    expect(verified.holds(HASH, 'guestpass1')).toBe(true)
    now = 10 * 60_000
    expect(verified.holds(HASH, 'guestpass1')).toBe(false)
  })

  it('keep at most 10,000, forgetting the oldest first', () => {
    const verified = new VerifiedPasswords()
    for (let n = 0; n <= 10_000; n++) verified.remember(`${HASH}${n}`, 'pass')
    expect(verified.holds(`${HASH}0`, 'pass')).toBe(false)
    expect(verified.holds(`${HASH}1`, 'pass')).toBe(true)
    expect(verified.holds(`${HASH}10000`, 'pass')).toBe(true)
  })
})
