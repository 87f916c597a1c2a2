import { describe, expect, it } from 'vitest'
import { hashManagementCredential, managementCredentialMatches } from './credential.node'

describe('management credentials', () => {
  const fast = { N: 1024, r: 8, p: 1 }
  it('match the account and password they were made from, and nothing else', () => {
    const stored = hashManagementCredential('admin', 'p@ss word', fast)
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(managementCredentialMatches(stored, 'admin', 'p@ss word')).toBe(true)
    expect(managementCredentialMatches(stored, 'admin', 'p@ss words')).toBe(false)
    expect(managementCredentialMatches(stored, 'root', 'p@ss word')).toBe(false)
  })
  it('refuse malformed or abusive parameters', () => {
    expect(managementCredentialMatches('plain', 'admin', 'x')).toBe(false)
    const cheap = hashManagementCredential('admin', 'x', { N: 2, r: 1, p: 1 })
    expect(managementCredentialMatches(cheap, 'admin', 'x')).toBe(false)
  })
})
