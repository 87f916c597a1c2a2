import { describe, expect, it } from 'vitest'
import { SecretBox } from './secrets'

/** A database stand-in holding one shared secret (sharedSecret reads back what it inserted). */
function oneSecretDb(value: string) {
  const chain = {
    values: () => chain,
    onConflictDoNothing: async () => undefined,
    from: () => chain,
    where: async () => [{ name: 'k', value }],
  }
  return { insert: () => chain, select: () => chain } as never
}

describe('SecretBox', () => {
  it('opens what it sealed, and refuses what another key sealed or what was altered', async () => {
    const box = await SecretBox.open(oneSecretDb('a'.repeat(64)), 'k')
    const other = await SecretBox.open(oneSecretDb('b'.repeat(64)), 'k')
    const sealed = box.seal('{"password":"hunter22"}')
    expect(sealed.toString('utf8')).not.toContain('hunter22')
    expect(box.unseal(sealed)).toBe('{"password":"hunter22"}')
    expect(() => other.unseal(sealed)).toThrow()
    const altered = Buffer.from(sealed)
    altered[altered.length - 1]! ^= 1
    expect(() => box.unseal(altered)).toThrow()
  })
})
