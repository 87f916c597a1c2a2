import { hash, verify } from '@node-rs/argon2'

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~12 ms a hash here).
// `algorithm: 2` is Algorithm.Argon2id, a const enum the typings do not let us import.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

/**
 * Checks a password against a stored hash. Without a hash (unknown account) it still spends the
 * time of a real check, so response times do not tell which accounts exist.
 */
export async function passwordMatches(storedHash: string | undefined, password: string): Promise<boolean> {
  const target = storedHash ?? (await decoyHash)
  const matches = await verify(target, password).catch(() => false)
  return storedHash !== undefined && matches
}

const decoyHash = hash('decoy-password', OPTIONS)
