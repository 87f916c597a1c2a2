import { createHmac, timingSafeEqual } from 'node:crypto'

/** A download link lives at most an hour (a device fetches it when its job arrives). */
export const MAX_DOWNLOAD_URL_SECONDS = 3600

export interface DownloadGrant {
  packageId: number
  thing: string
  /** seconds since the epoch */
  exp: number
}

/**
 * Signs and checks device download links: HMAC-SHA256 with a system secret over the package,
 * the thing it was issued to and its expiry, so a link names one image for one device for a
 * short while, and every instance (sharing the secret through the database) accepts it.
 * `scope` names what the id is (firmware packages; configuration backups use their own scopes
 * with the same signer), so a link of one kind never passes as another.
 */
export class DownloadUrlSigner {
  constructor(
    private readonly key: string,
    private readonly now: () => number = Date.now,
    private readonly scope: string = 'firmware',
  ) {}

  sign(packageId: number, thing: string, ttlSeconds: number): DownloadGrant & { sig: string } {
    const ttl = Math.min(Math.max(1, Math.floor(ttlSeconds)), MAX_DOWNLOAD_URL_SECONDS)
    const exp = Math.floor(this.now() / 1000) + ttl
    return { packageId, thing, exp, sig: this.signature({ packageId, thing, exp }) }
  }

  /** 'ok', or why the link is refused: its expiry has passed, or the signature is not ours. */
  check(grant: DownloadGrant, sig: string): 'ok' | 'expired' | 'forged' {
    const expected = Buffer.from(this.signature(grant), 'base64url')
    const given = Buffer.from(sig, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged'
    // Checked after the signature, so a forged link cannot learn whether its expiry would pass.
    if (
      grant.exp * 1000 <= this.now() ||
      grant.exp * 1000 > this.now() + MAX_DOWNLOAD_URL_SECONDS * 1000 + 60_000
    )
      return 'expired'
    return 'ok'
  }

  private signature({ packageId, thing, exp }: DownloadGrant): string {
    return createHmac('sha256', this.key)
      .update(`${this.scope}\n${packageId}\n${thing}\n${exp}`)
      .digest('base64url')
  }
}
