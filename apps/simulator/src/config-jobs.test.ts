import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { fetchRidingOutOutages } from './config-jobs'

const QUICK = { times: 3, firstDelayMs: 1 }
let server: Server | undefined

/** A cloud that answers the nth request with `statuses[n]` (the last one after that). */
async function cloudAnswering(statuses: number[]): Promise<{ url: string; requests: () => number }> {
  let requests = 0
  server = createServer((_request, response) => {
    const status = statuses[Math.min(requests++, statuses.length - 1)]!
    response.writeHead(status).end()
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests: () => requests }
}

/** Stops the cloud, keep-alive connections included (fetch keeps them open). */
async function stopCloud() {
  server?.closeAllConnections()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
}

afterEach(stopCloud)

describe('an upload or download while the cloud is briefly away', () => {
  it('tries again after a 5xx, and takes the first answer that is not one', async () => {
    const cloud = await cloudAnswering([503, 502, 201])
    const answer = await fetchRidingOutOutages(
      cloud.url,
      { method: 'PUT', signal: new AbortController().signal },
      QUICK,
    )
    expect(answer.status).toBe(201)
    expect(cloud.requests()).toBe(3)
  })

  it('takes a refusal as the answer at once: a 4xx is not tried again', async () => {
    const cloud = await cloudAnswering([400])
    const answer = await fetchRidingOutOutages(cloud.url, { signal: new AbortController().signal }, QUICK)
    expect(answer.status).toBe(400)
    expect(cloud.requests()).toBe(1)
  })

  it('gives the last 5xx once its retries are spent', async () => {
    const cloud = await cloudAnswering([503])
    const answer = await fetchRidingOutOutages(cloud.url, { signal: new AbortController().signal }, QUICK)
    expect(answer.status).toBe(503)
    expect(cloud.requests()).toBe(QUICK.times + 1)
  })

  it('throws the network error once its retries are spent (nothing listening)', async () => {
    const cloud = await cloudAnswering([201])
    await stopCloud()
    await expect(
      fetchRidingOutOutages(cloud.url, { signal: new AbortController().signal }, QUICK),
    ).rejects.toThrow()
  })
})
