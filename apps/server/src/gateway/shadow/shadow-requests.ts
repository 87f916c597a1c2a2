import {
  isJsonObject,
  type JsonObject,
  readDevicePayload,
  SHADOW_MAX_BYTES,
  shadowGetRequest,
  shadowUpdateRequest,
} from '@canopy/shared/protocol'
import { tokenOfUnreadable, usableToken } from '../client-token'
import type { RefusalReason } from '../device-refusals'

export { clientTokenIn } from '../client-token'

/**
 * Reading a device's shadow request, with AWS's answer for each way it can be wrong
 * (docs/protocol.md; AWS IoT "Device Shadow error messages"). A refusal carries the request's
 * clientToken whenever the payload is JSON with a usable one, however wrong the rest is, so a
 * device (an AWS SDK client among them) hears of its rejection instead of waiting for it.
 */

/**
 * A request the shadow refuses, with its AWS code (400 bad request, 409 version conflict…), and
 * when the device is at fault, the reason it is counted under (a 404 or a 409 is an answer).
 */
export class ShadowRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly clientToken?: string,
    readonly reason?: RefusalReason,
  ) {
    super(message)
  }
}

export const SHADOW_ERRORS = {
  invalidJson: [400, 'Invalid JSON'],
  encoding: [415, 'Unsupported documented encoding; supported encoding is UTF-8'],
  tooLarge: [413, 'The payload exceeds the maximum size allowed'],
  missingState: [400, 'Missing required node: state'],
  stateNotObject: [400, 'State node must be an object'],
  desiredNotObject: [400, 'Desired node must be an object'],
  reportedNotObject: [400, 'Reported node must be an object'],
  invalidVersion: [400, 'Invalid version'],
  invalidClientToken: [400, 'Invalid clientToken'],
  invalidNode: [400, 'State contains an invalid node'],
  tooDeep: [400, 'JSON contains too many levels of nesting; maximum is 6'],
  versionConflict: [409, 'Version conflict'],
  tooManyRequests: [429, 'Too many requests'],
} as const satisfies Record<string, readonly [number, string]>

export function refusal(
  error: keyof typeof SHADOW_ERRORS,
  clientToken?: string,
  reason: RefusalReason | undefined = reasonOf(error),
): ShadowRefusal {
  const [code, message] = SHADOW_ERRORS[error]
  return new ShadowRefusal(code, message, clientToken, reason)
}

function reasonOf(error: keyof typeof SHADOW_ERRORS): RefusalReason | undefined {
  if (error === 'versionConflict' || error === 'tooManyRequests') return undefined
  return error === 'tooLarge' ? 'too-large' : 'malformed'
}

export interface UpdateRequest {
  state: { desired?: JsonObject | null; reported?: JsonObject | null }
  clientToken?: string | undefined
  version?: number | undefined
}

/** `…/shadow/update`: the request, or a ShadowRefusal naming what is wrong with it. */
export function readUpdateRequest(payload: Buffer): UpdateRequest {
  const read = readDevicePayload(payload)
  if (!read.ok) {
    if (read.problem === 'encoding') throw refusal('encoding')
    if (read.problem === 'json') throw refusal('invalidJson')
    // Unstorable, yet JSON: its token may still be found and echoed.
    const token = tokenOfUnreadable(payload)
    throw refusal(read.problem === 'depth' ? 'tooDeep' : 'invalidNode', token, 'unstorable')
  }
  const body = read.value
  const clientToken = usableToken(body)
  if (payload.length > SHADOW_MAX_BYTES) throw refusal('tooLarge', clientToken)
  if (!isJsonObject(body)) throw refusal('invalidJson')
  if ('clientToken' in body && clientToken === undefined) throw refusal('invalidClientToken')
  if (!('state' in body) || body.state === null) throw refusal('missingState', clientToken)
  if (!isJsonObject(body.state)) throw refusal('stateNotObject', clientToken)
  const { desired, reported } = body.state
  if (desired !== undefined && desired !== null && !isJsonObject(desired))
    throw refusal('desiredNotObject', clientToken)
  if (reported !== undefined && reported !== null && !isJsonObject(reported))
    throw refusal('reportedNotObject', clientToken)
  const request = shadowUpdateRequest.safeParse(body)
  if (!request.success) {
    const versionWrong = request.error.issues.some((issue) => issue.path[0] === 'version')
    throw refusal(versionWrong ? 'invalidVersion' : 'invalidNode', clientToken)
  }
  // Parsed from JSON text, so its values are JSON values.
  return request.data as UpdateRequest
}

/** `…/shadow/get` and `…/shadow/delete`: an empty payload, or `{clientToken?}`. */
export function readTokenRequest(payload: Buffer): { clientToken?: string | undefined } {
  const read = readDevicePayload(payload)
  if (!read.ok) {
    if (read.problem === 'encoding') throw refusal('encoding')
    if (read.problem === 'json') throw refusal('invalidJson')
    throw refusal('invalidNode', tokenOfUnreadable(payload), 'unstorable')
  }
  if (read.value === undefined) return {}
  if (!isJsonObject(read.value)) throw refusal('invalidJson')
  const request = shadowGetRequest.safeParse(read.value)
  if (!request.success) throw refusal('invalidClientToken')
  return request.data
}
