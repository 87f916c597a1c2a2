import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  CREDENTIAL_LIMITS,
  credentialParametersAccepted,
  hashManagementCredential,
  managementCredentialMatches,
} from './credential.node'

/** A stored credential with any parameters, its hash bytes random: nothing is computed. */
const forged = (N: number | string, r: number | string, p: number | string, hash = randomBytes(32)) =>
  `scrypt$${N}$${r}$${p}$${randomBytes(16).toString('base64')}$${hash.toString('base64')}`

describe('management credentials', () => {
  const fast = { N: 1024, r: 8, p: 1 }
  it('match the account and password they were made from, and nothing else', async () => {
    const stored = hashManagementCredential('admin', 'p@ss word', fast)
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(await managementCredentialMatches(stored, 'admin', 'p@ss word')).toBe(true)
    expect(await managementCredentialMatches(stored, 'admin', 'p@ss words')).toBe(false)
    expect(await managementCredentialMatches(stored, 'root', 'p@ss word')).toBe(false)
  })

  it('verify the largest accepted parameters', async () => {
    const largest = { N: 1 << 16, r: 8, p: 1 }
    expect(128 * largest.N * largest.r).toBe(CREDENTIAL_LIMITS.maxMemoryBytes)
    const stored = hashManagementCredential('admin', 'x', largest)
    expect(await managementCredentialMatches(stored, 'admin', 'x')).toBe(true)
  })

  it('refuse parameters past the memory bound instead of failing inside scrypt', async () => {
    // 2^18 with r = 8 needed 256 MiB and made scrypt throw "memory limit exceeded".
    for (const [N, r] of [
      [1 << 18, 8],
      [1 << 20, 32],
      [1 << 17, 8],
      [1 << 16, 16],
    ] as const) {
      expect(credentialParametersAccepted({ N, r, p: 1 }), `${N}/${r}`).toBe(false)
      await expect(managementCredentialMatches(forged(N, r, 1), 'admin', 'x')).resolves.toBe(false)
    }
  })

  it('accept the boundaries of each parameter and refuse just past them', () => {
    expect(credentialParametersAccepted({ N: 1024, r: 1, p: 1 })).toBe(true)
    expect(credentialParametersAccepted({ N: 512, r: 1, p: 1 })).toBe(false)
    expect(credentialParametersAccepted({ N: 1 << 14, r: 32, p: 1 })).toBe(true)
    expect(credentialParametersAccepted({ N: 1024, r: 33, p: 1 })).toBe(false)
    expect(credentialParametersAccepted({ N: 1024, r: 0, p: 1 })).toBe(false)
    expect(credentialParametersAccepted({ N: 1024, r: 8, p: 2 })).toBe(false)
    // N must be a power of two, and below 2^(16·r): with r = 1, 2^15 is the largest
    expect(credentialParametersAccepted({ N: 3000, r: 8, p: 1 })).toBe(false)
    expect(credentialParametersAccepted({ N: 1 << 15, r: 1, p: 1 })).toBe(true)
    expect(credentialParametersAccepted({ N: 1 << 16, r: 1, p: 1 })).toBe(false)
  })

  it('refuse malformed credentials without throwing', async () => {
    const cheap = hashManagementCredential('admin', 'x', { N: 2, r: 1, p: 1 })
    const good = hashManagementCredential('admin', 'x', fast)
    const [, , , , salt, hash] = good.split('$')
    for (const stored of [
      'plain',
      '',
      cheap,
      `${good}$extra`,
      good.replace('scrypt$', 'bcrypt$'),
      forged('1e4', 8, 1),
      forged('01024', 8, 1),
      forged(1024, 8, -1),
      forged(1024, 8, 1, randomBytes(16)),
      `scrypt$1024$8$1$$${hash}`,
      `scrypt$1024$8$1$${salt}$not*base64`,
      `scrypt$1024$8$1$${randomBytes(65).toString('base64')}$${hash}`,
    ]) {
      await expect(managementCredentialMatches(stored, 'admin', 'x'), stored).resolves.toBe(false)
    }
  })
})
