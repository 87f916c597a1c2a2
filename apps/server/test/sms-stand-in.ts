import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One message as the HTTP adapter posted it (docs/protocol.md, "SMS provider"). */
export interface PostedSms {
  to: string
  code: string
  language: string
  text: string
  tenant: number
  authorization: string | undefined
}

/**
 * A local stand-in for an SMS provider's HTTP API: takes what Canopy's adapter posts, keeps it for
 * the test to read, and answers 200 — or, while `failing` is set, 503 as a provider that is down.
 * `onMessage` hears each message as it is taken (the e2e runner writes them to files, since its
 * tests run in other processes).
 */
export async function startSmsStandIn(
  token = 'sms-test-token',
  options: { onMessage?: (sms: PostedSms, index: number) => void } = {},
) {
  const received: PostedSms[] = []
  const state = { failing: false }
  const server = createServer(async (request, response) => {
    const body = await readBody(request)
    if (request.method !== 'POST' || request.url !== '/send') {
      response.statusCode = 404
      return response.end()
    }
    if (state.failing || request.headers.authorization !== `Bearer ${token}`) {
      response.statusCode = state.failing ? 503 : 401
      return response.end(JSON.stringify({ error: state.failing ? 'unavailable' : 'unauthorized' }))
    }
    const sms: PostedSms = { ...JSON.parse(body), authorization: request.headers.authorization }
    received.push(sms)
    options.onMessage?.(sms, received.length - 1)
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ accepted: true }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    received,
    state,
    env: { SMS_PROVIDER_URL: `http://127.0.0.1:${port}/send`, SMS_PROVIDER_TOKEN: token },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}
