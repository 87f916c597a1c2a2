import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** passwords remembered at most; the oldest is forgotten first */
const MAX_REMEMBERED = 10_000
/** how long a verified password is remembered */
const REMEMBERED_MS = 10 * 60_000

/**
 * Members' passwords this node verified lately, so that a member account a venue hands to its
 * guests costs one argon2id check per node and ten minutes, not one per guest (the check was a
 * third of the machine at 1,000 logins a second; docs/decisions.md, "Guest logins: speed and the
 * member hash"). What is kept is an HMAC of the stored hash and the password under a key made at
 * start and never written anywhere, so nothing here turns back into a password without the
 * process's memory. Only a right password is remembered: a wrong one, or an account that does
 * not exist, always costs a full check, so answering fast tells nothing the caller did not know.
 * The stored hash is part of the entry, so a changed password (a new hash) is never answered
 * from here.
 */
export class VerifiedPasswords {
  private readonly key = randomBytes(32)
  private readonly verified = new Map<string, { digest: Buffer; until: number }>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether this password was verified against this stored hash within the last ten minutes. */
  holds(storedHash: string, password: string): boolean {
    const entry = this.verified.get(storedHash)
    if (!entry) return false
    if (entry.until <= this.now()) {
      this.verified.delete(storedHash)
      return false
    }
    return timingSafeEqual(entry.digest, this.digest(storedHash, password))
  }

  /** A password that just passed the full check against this stored hash. */
  remember(storedHash: string, password: string): void {
    this.verified.delete(storedHash)
    if (this.verified.size >= MAX_REMEMBERED)
      this.verified.delete(this.verified.keys().next().value as string)
    this.verified.set(storedHash, {
      digest: this.digest(storedHash, password),
      until: this.now() + REMEMBERED_MS,
    })
  }

  private digest(storedHash: string, password: string): Buffer {
    return createHmac('sha256', this.key).update(storedHash).update('\0').update(password).digest()
  }
}
