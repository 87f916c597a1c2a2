import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto'

/**
 * A device's management account and password as the device reports them (docs/protocol.md):
 * `scrypt$N$r$p$salt$hash`, salt and hash in base64, of "account:password". The device makes it;
 * the cloud checks a bind request against it; the password itself never leaves the device.
 * Node-only (imported by the server and the simulator, never by the console).
 */

export interface CredentialParameters {
  N: number
  r: number
  p: number
}

export const DEFAULT_CREDENTIAL_PARAMETERS: CredentialParameters = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 32

/**
 * The device chooses the parameters and the cloud pays for them on every bind, so they are
 * bounded: scrypt's working memory, 128·N·r bytes, may be at most 64 MiB (N·r ≤ 2^19; the
 * default N = 16384, r = 8 takes 16 MiB, a quarter of a second at most).
 */
export const CREDENTIAL_LIMITS = {
  minN: 1024,
  maxR: 32,
  maxMemoryBytes: 64 * 1024 * 1024,
  maxSaltBytes: 64,
} as const

/** Whether the cloud accepts to verify a credential made with these parameters. */
export function credentialParametersAccepted({ N, r, p }: CredentialParameters): boolean {
  return (
    Number.isSafeInteger(N) &&
    Number.isSafeInteger(r) &&
    N >= CREDENTIAL_LIMITS.minN &&
    (N & (N - 1)) === 0 &&
    r >= 1 &&
    r <= CREDENTIAL_LIMITS.maxR &&
    p === 1 &&
    128 * N * r <= CREDENTIAL_LIMITS.maxMemoryBytes &&
    // scrypt itself needs N < 2^(16·r): only r = 1 comes near it within the memory bound.
    Math.log2(N) < 16 * r
  )
}

/** What OpenSSL's scrypt allocates for these parameters (its `maxmem` must allow it). */
function scryptMemory({ N, r, p }: CredentialParameters): number {
  return 128 * r * (N + 2 + p)
}

export function hashManagementCredential(
  account: string,
  password: string,
  parameters = DEFAULT_CREDENTIAL_PARAMETERS,
  salt = randomBytes(16),
): string {
  const hash = scryptSync(`${account}:${password}`, salt, KEY_LENGTH, {
    ...parameters,
    maxmem: scryptMemory(parameters),
  })
  return [
    'scrypt',
    parameters.N,
    parameters.r,
    parameters.p,
    salt.toString('base64'),
    hash.toString('base64'),
  ].join('$')
}

interface ParsedCredential {
  parameters: CredentialParameters
  salt: Buffer
  hash: Buffer
}

const DECIMAL = /^[1-9][0-9]{0,9}$/
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** The stored form taken apart, or undefined when it is malformed or asks too much. */
function parseManagementCredential(stored: string): ParsedCredential | undefined {
  const fields = stored.split('$')
  if (fields.length !== 6) return undefined
  const [kind, n, r, p, salt, hash] = fields as [string, string, string, string, string, string]
  if (kind !== 'scrypt' || ![n, r, p].every((field) => DECIMAL.test(field))) return undefined
  if (!BASE64.test(salt) || !BASE64.test(hash)) return undefined
  const parameters = { N: Number(n), r: Number(r), p: Number(p) }
  if (!credentialParametersAccepted(parameters)) return undefined
  const saltBytes = Buffer.from(salt, 'base64')
  const hashBytes = Buffer.from(hash, 'base64')
  if (saltBytes.length === 0 || saltBytes.length > CREDENTIAL_LIMITS.maxSaltBytes) return undefined
  if (hashBytes.length !== KEY_LENGTH) return undefined
  return { parameters, salt: saltBytes, hash: hashBytes }
}

/**
 * Whether the account and password are the ones the device hashed. Never throws: a malformed
 * credential, parameters beyond the limits or a failing scrypt all answer false. The work runs
 * on libuv's thread pool, so a bind does not stall the event loop.
 */
export async function managementCredentialMatches(
  stored: string,
  account: string,
  password: string,
): Promise<boolean> {
  const parsed = parseManagementCredential(stored)
  if (!parsed) return false
  try {
    const actual = await new Promise<Buffer>((resolve, reject) =>
      scrypt(
        `${account}:${password}`,
        parsed.salt,
        KEY_LENGTH,
        { ...parsed.parameters, maxmem: scryptMemory(parsed.parameters) },
        (error, key) => (error ? reject(error) : resolve(key)),
      ),
    )
    return timingSafeEqual(actual, parsed.hash)
  } catch {
    return false
  }
}

/**
 * What a device reports where it received a secret (a WiFi or PPPoE password): `passwordHash`,
 * the sha256 of the password in hex, beside the other settings — never the password itself.
 */
export function reportedSecretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}
