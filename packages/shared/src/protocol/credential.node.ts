import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'

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

export function hashManagementCredential(
  account: string,
  password: string,
  parameters = DEFAULT_CREDENTIAL_PARAMETERS,
  salt = randomBytes(16),
): string {
  const hash = scryptSync(`${account}:${password}`, salt, KEY_LENGTH, {
    ...parameters,
    maxmem: 64 * 1024 * 1024,
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

export function managementCredentialMatches(stored: string, account: string, password: string): boolean {
  const [kind, n, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const parameters = { N: Number(n), r: Number(r), p: Number(p) }
  // Refuse parameters a device could use to make us spend too much (or too little) work.
  if (
    !(
      parameters.N >= 1024 &&
      parameters.N <= 1 << 20 &&
      parameters.r >= 1 &&
      parameters.r <= 32 &&
      parameters.p === 1
    )
  ) {
    return false
  }
  const expected = Buffer.from(hash, 'base64')
  const actual = scryptSync(`${account}:${password}`, Buffer.from(salt, 'base64'), expected.length, {
    ...parameters,
    maxmem: 256 * 1024 * 1024,
  })
  return expected.length === KEY_LENGTH && timingSafeEqual(actual, expected)
}

/**
 * What a device reports where it received a secret (a WiFi or PPPoE password): `passwordHash`,
 * the sha256 of the password in hex, beside the other settings — never the password itself.
 */
export function reportedSecretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}
