import { ErrorCode } from '@canopy/shared/errors'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../http/app-error'
import {
  type GatewayPortal,
  type GuestAuthService,
  type GuestClient,
  GuestRefusal,
} from '../modules/portal/guest-auth.service'
import { guestLanguage } from './guest.routes'
import type { GuestPageView } from './guest-page'

type Query = Record<string, string | undefined>
type PageKey = NonNullable<GuestPageView['message']>

/** SmsService's refusals of a code as the guest page shows them. */
const SMS_REFUSALS = new Map<number, { key: PageKey; status: number }>([
  [ErrorCode.REQUEST_LIMIT_REACHED, { key: 'codeLimit', status: 429 }],
  [ErrorCode.TOO_FREQUENT, { key: 'codeTooFrequent', status: 429 }],
  [ErrorCode.MESSAGE_SERVER_ERROR, { key: 'codeNotSent', status: 503 }],
])

/**
 * The SMS method's two steps on a login form, the same for every gateway protocol: `step=send`
 * asks SmsService for a code — the same page (200, the code's form) whether or not the number is
 * good, a quota's refusal shown on it — and `step=verify` lets the guest in as a member is.
 * `letIn` sends the guest on to its gateway; `page` shows the form again.
 */
export async function guestSmsStep<R>(
  request: FastifyRequest,
  deps: {
    guests: GuestAuthService
    portal: GatewayPortal
    client: GuestClient
    form: Query
    letIn: (token: string) => Promise<R>
    page: (status: number, message: PageKey, phone?: string) => Promise<R>
  },
): Promise<R> {
  const { guests, portal, client, form } = deps
  const language = guestLanguage(request)
  const phone = (form.phone ?? '').trim().slice(0, 32)
  if (form.step === 'verify') {
    try {
      return await deps.letIn(await guests.smsLogin(portal, client, phone, (form.code ?? '').trim()))
    } catch (error) {
      // A wrong or expired code: the code's form again, the phone kept.
      if (error instanceof GuestRefusal && error.key === 'codeFailed')
        return deps.page(error.status, 'codeFailed', phone)
      throw error
    }
  }
  const thing = portal.device.thingName
  try {
    const sent = await guests.sendSmsCode(portal, client, phone, language)
    if (!sent) request.log.info({ thing }, 'guest SMS code: a number breaking §5 was sent nothing')
    return deps.page(200, 'codeSent', phone)
  } catch (error) {
    const refusal = error instanceof AppError ? SMS_REFUSALS.get(error.codes[0]!) : undefined
    if (!refusal) throw error
    request.log.info({ thing, code: (error as AppError).codes[0] }, 'guest SMS code refused')
    return deps.page(refusal.status, refusal.key)
  }
}
