import { isIPv6 } from 'node:net'
import { RateLimiterMemory } from 'rate-limiter-flexible'

/** The login throttle's limits: failed logins per window (docs/decisions.md, "Login throttling"). */
export interface LoginThrottleSettings {
  /** failures from one address (any accounts): stops one machine guessing across accounts */
  perAddress: number
  /** failures for one account from one address: stops one machine guessing one password */
  perAccountAddress: number
  /** failures for one account from every address: beyond it only addresses it logged in from are heard */
  perAccount: number
  /** the counting window; a lock lifts at most this long after the guessing stops */
  windowSeconds: number
}

/** One login attempt as the throttle counts it. */
export interface LoginAttempt {
  ip: string
  /** the name typed (account name or phone), normalised: unknown names are counted the same */
  login: string
}

/** Why an attempt is refused before its password is checked. */
export type ThrottleRefusal = 'address' | 'account-address' | 'account'

/**
 * Counts failed logins, never successes, so the owner signing in costs nothing and an attacker
 * can only spend their own share: an address guessing is stopped by its own counters, and an
 * account under attack from many addresses still hears the addresses it was signed in from
 * (the caller checks that) — nobody can lock the owner out from elsewhere. Counters are fixed
 * windows, so every lock lifts within one window of the last failure. In memory: each instance
 * counts its own share (docs/decisions.md, "Rate limits").
 */
export class LoginThrottle {
  private readonly byAddress: RateLimiterMemory
  private readonly byAccountAddress: RateLimiterMemory
  private readonly byAccount: RateLimiterMemory

  constructor(settings: LoginThrottleSettings) {
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterMemory({ keyPrefix, points, duration: settings.windowSeconds })
    this.byAddress = limiter('login-address', settings.perAddress)
    this.byAccountAddress = limiter('login-account-address', settings.perAccountAddress)
    this.byAccount = limiter('login-account', settings.perAccount)
  }

  /** Whether this attempt may have its password checked; nothing is counted here. */
  async refusal(attempt: LoginAttempt): Promise<ThrottleRefusal | undefined> {
    const address = addressKey(attempt.ip)
    if (await spent(this.byAddress, address)) return 'address'
    if (await spent(this.byAccountAddress, `${attempt.login}|${address}`)) return 'account-address'
    if (await spent(this.byAccount, attempt.login)) return 'account'
    return undefined
  }

  async failed(attempt: LoginAttempt): Promise<void> {
    const address = addressKey(attempt.ip)
    await Promise.all([
      this.byAddress.penalty(address),
      this.byAccountAddress.penalty(`${attempt.login}|${address}`),
      this.byAccount.penalty(attempt.login),
    ])
  }

  /**
   * The right password from this address: its own count for the account starts again. The
   * address's and the account's counts stay, or an attacker with one account of their own could
   * clear their address's count between guesses at others.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.byAccountAddress.delete(`${attempt.login}|${addressKey(attempt.ip)}`)
  }
}

async function spent(limiter: RateLimiterMemory, key: string): Promise<boolean> {
  const counted = await limiter.get(key)
  return counted !== null && counted.consumedPoints >= limiter.points
}

/**
 * The key an address is counted under. An IPv6 host usually holds a whole /64, so counting each
 * of its 2^64 addresses apart would give it as many fresh counters; an IPv4-mapped IPv6 address
 * is its IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (!isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`
}
