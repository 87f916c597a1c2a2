import { describe, expect, it } from 'vitest'
import { hashPassword } from '../auth/passwords'
import { hashMemberPassword, memberPasswordMatches } from './member-passwords'

describe("guest members' password hashes", () => {
  it("are argon2id of the members' own parameters, not the console's", async () => {
    const stored = await hashMemberPassword('guest123')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=2048,t=1,p=1\$/)
    expect(await memberPasswordMatches(stored, 'guest123')).toEqual({ matches: true, stale: false })
    expect(await memberPasswordMatches(stored, 'guest124')).toEqual({ matches: false, stale: false })
  })

  it("verify a hash of the console's parameters, which is then stale", async () => {
    const stored = await hashPassword('guest123')
    expect(await memberPasswordMatches(stored, 'guest123')).toEqual({ matches: true, stale: true })
    expect(await memberPasswordMatches(stored, 'guest999')).toEqual({ matches: false, stale: false })
  })

  it('never match without a hash, whatever the password, nor with a broken one', async () => {
    expect(await memberPasswordMatches(undefined, 'decoy-password')).toEqual({ matches: false, stale: false })
    expect(await memberPasswordMatches('$argon2id$broken', 'guest123')).toEqual({
      matches: false,
      stale: false,
    })
  })
})
