/** What Canopy asks an SMS provider to deliver: one code to one phone, with the text to send. */
export interface SmsMessage {
  /** the phone number as the guest gave it (digits, optionally after a +) */
  phone: string
  code: string
  /** the guest's language (en-us, zh-cn, es) */
  language: string
  /** the whole message, in that language, code included */
  text: string
  /** which tenant sends it (for the provider's own accounting) */
  tenantId: number
}

/** A way to deliver SMS codes. One HTTP adapter exists; another provider is one more implementation. */
export interface SmsProvider {
  /** Resolves once the provider accepted the message; rejects with SmsDeliveryFailed otherwise. */
  send(message: SmsMessage): Promise<void>
}

export class SmsDeliveryFailed extends Error {}

/** How long Canopy waits for the provider's answer. */
const PROVIDER_TIMEOUT_MS = 10_000

/**
 * The HTTP adapter (docs/protocol.md, "SMS provider"): `POST <url>` with a JSON body
 * `{ to, code, language, text, tenant }` and, when a token is set, `Authorization: Bearer <token>`.
 * Any 2xx answer is accepted; anything else, or no answer within 10 s, is a failed delivery.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly options: { url: string; token: string | undefined }) {}

  async send(message: SmsMessage): Promise<void> {
    let response: Response
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
        },
        body: JSON.stringify({
          to: message.phone,
          code: message.code,
          language: message.language,
          text: message.text,
          tenant: message.tenantId,
        }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      })
    } catch (error) {
      throw new SmsDeliveryFailed(`SMS provider unreachable: ${(error as Error).message}`)
    }
    // the body is not needed; reading it frees the connection
    await response.arrayBuffer()
    if (!response.ok) throw new SmsDeliveryFailed(`SMS provider answered HTTP ${response.status}`)
  }
}

/**
 * The provider the environment names: SMS_PROVIDER_URL (and SMS_PROVIDER_TOKEN). Without a URL
 * there is none, and a code asked for is refused as a message-server error.
 */
export function smsProviderFromEnvironment(environment: NodeJS.ProcessEnv): SmsProvider | undefined {
  const url = environment.SMS_PROVIDER_URL?.trim()
  if (!url) return undefined
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`Invalid configuration: SMS_PROVIDER_URL must be an http or https address (${url})`)
  return new HttpSmsProvider({ url, token: environment.SMS_PROVIDER_TOKEN?.trim() || undefined })
}
