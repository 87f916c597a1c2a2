import { isJsonObject, isStorableText, readDevicePayload } from '@canopy/shared/protocol'

/**
 * A request's `clientToken`, as AWS's shadow and jobs services take it: a string of 1 to 64
 * bytes. A refusal echoes it whenever the payload is JSON with a usable one, however wrong the
 * rest is, so a device (an AWS SDK client among them) hears of its rejection instead of waiting.
 */
export function usableToken(body: unknown): string | undefined {
  if (!isJsonObject(body)) return undefined
  const token = body.clientToken
  return typeof token === 'string' &&
    token.length > 0 &&
    Buffer.byteLength(token) <= 64 &&
    isStorableText(token)
    ? token
    : undefined
}

/** The token of a payload, if it is JSON with a usable one. */
export function clientTokenIn(payload: Buffer): string | undefined {
  const read = readDevicePayload(payload)
  return read.ok ? usableToken(read.value) : tokenOfUnreadable(payload)
}

/** The token of a payload that is JSON but holds what cannot be stored elsewhere in it. */
export function tokenOfUnreadable(payload: Buffer): string | undefined {
  try {
    return usableToken(JSON.parse(payload.toString('utf8')))
  } catch {
    // Not JSON at all: there is no token to echo.
    return undefined
  }
}
