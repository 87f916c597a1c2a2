import { describe, expect, it } from 'vitest'
import { DownloadUrlSigner, MAX_DOWNLOAD_URL_SECONDS } from './firmware-url-signing'

const THING = 'cnp-0211aabbccdd'

describe('DownloadUrlSigner', () => {
  it('accepts its own link until it expires, then calls it expired', () => {
    let now = 1_800_000_000_000
    const signer = new DownloadUrlSigner('key', () => now)
    const link = signer.sign(7, THING, 600)
    expect(link.exp).toBe(1_800_000_000 + 600)
    expect(signer.check(link, link.sig)).toBe('ok')
    now += 600_000
    expect(signer.check(link, link.sig)).toBe('expired')
  })

  it('never signs for more than an hour, nor accepts a link claiming longer', () => {
    const now = 1_800_000_000_000
    const signer = new DownloadUrlSigner('key', () => now)
    expect(signer.sign(7, THING, 86_400).exp).toBe(now / 1000 + MAX_DOWNLOAD_URL_SECONDS)
    const later = new DownloadUrlSigner('key', () => now + 86_400_000).sign(7, THING, 3600)
    expect(signer.check(later, later.sig)).toBe('expired')
  })

  it('refuses another key, package, thing or expiry as forged', () => {
    const signer = new DownloadUrlSigner('key')
    const link = signer.sign(7, THING, 600)
    expect(new DownloadUrlSigner('other').check(link, link.sig)).toBe('forged')
    expect(signer.check({ ...link, packageId: 8 }, link.sig)).toBe('forged')
    expect(signer.check({ ...link, thing: 'cnp-0211aabbccde' }, link.sig)).toBe('forged')
    expect(signer.check({ ...link, exp: link.exp + 1 }, link.sig)).toBe('forged')
    expect(signer.check(link, 'short')).toBe('forged')
  })
})
