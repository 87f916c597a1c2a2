import { ErrorCode } from '@canopy/shared/errors'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from './app-error'

export interface RateLimitSettings {
  registerPerHour: number
  mailPerHour: number
  bindPerMinute: number
}

/**
 * Counters for the rate-limited calls, one limiter per rule. In memory: with several server
 * instances each counts its own share (docs/decisions.md, "Rate limits").
 */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterMemory>()

  async consume(rule: { name: string; points: number; durationSeconds: number }, keys: string[]) {
    let limiter = this.limiters.get(rule.name)
    if (!limiter) {
      limiter = new RateLimiterMemory({
        keyPrefix: rule.name,
        points: rule.points,
        duration: rule.durationSeconds,
      })
      this.limiters.set(rule.name, limiter)
    }
    try {
      await Promise.all(keys.map((key) => limiter.consume(key)))
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw new AppError(ErrorCode.TOO_FREQUENT)
      throw refusal
    }
  }
}
