import { hash, verify } from '@node-rs/argon2'

/**
 * Guest members' passwords (issue 16): argon2id sized for what they are — accounts an operator
 * issues to open guest WiFi, checked at up to a thousand logins a second on one node — not for
 * the console's logins, which keep OWASP's 19 MiB / 2 passes (auth/passwords.ts). 2 MiB, 1 pass,
 * 1 lane is ~0.5 ms of a core here (docs/decisions.md, "Guest logins: speed and the member hash").
 * `algorithm: 2` is Algorithm.Argon2id, a const enum the typings do not let us import.
 */
const MEMBER_OPTIONS = { algorithm: 2, memoryCost: 2048, timeCost: 1, parallelism: 1 } as const
/** What a hash made with MEMBER_OPTIONS starts with (PHC string format). */
const MEMBER_PREFIX = `$argon2id$v=19$m=${MEMBER_OPTIONS.memoryCost},t=${MEMBER_OPTIONS.timeCost},p=${MEMBER_OPTIONS.parallelism}$`

export function hashMemberPassword(password: string): Promise<string> {
  return hash(password, MEMBER_OPTIONS)
}

/**
 * Checks a member's password. A hash made with other parameters (the console's, which members
 * had before) still verifies, and is then `stale`: the caller stores a new one while it has the
 * password. Without a hash (unknown account) it spends the time of a real check, so response
 * times do not tell which accounts exist.
 */
export async function memberPasswordMatches(
  storedHash: string | undefined,
  password: string,
): Promise<{ matches: boolean; stale: boolean }> {
  const verified = await verifyOrFalse(storedHash ?? (await decoyHash), password)
  const matches = storedHash !== undefined && verified
  return { matches, stale: matches && !storedHash.startsWith(MEMBER_PREFIX) }
}

/** A stored hash that is not one (a corrupted row) fails the check; it never throws to a guest. */
async function verifyOrFalse(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}

const decoyHash = hash('decoy-password', MEMBER_OPTIONS)
