import {
  catalogueEntries,
  type Fleet,
  type FleetOptions,
  httpProvision,
  simulatedPassword,
  startFleet,
} from '@canopy/simulator'
import type { ServerProcess } from './server-process'

/** The console API's answer, as a fault suite reads it. */
export interface Envelope<T> {
  status: number
  errorCode: number[]
  data: T
}

/**
 * A fault suite's world on a server in a child process (server-process.ts): the simulated
 * catalogue imported, one owner signed in, a virtual fleet online and bound in the owner's root
 * project — and the calls the suites make against it across `kill -9`.
 */
export interface FleetOnServer {
  fleet: Fleet
  /** the fleet's device ids, in the fleet's order */
  ids: number[]
  /** the owner's bearer token, for a call `api` does not make (a multipart upload) */
  token: string
  /** a console API call as the owner; the envelope whatever its status */
  api<T>(pathName: string, body?: unknown): Promise<Envelope<T>>
  /** a console API call as the owner that must succeed: its data */
  ok<T>(pathName: string, body?: unknown): Promise<T>
  /** waits until the server sees every device of the fleet online */
  allOnline(): Promise<void>
  /** devices that lost the embedded broker with the server come back now rather than at their next retry */
  reconnect(): void
}

export async function fleetOnServer(
  server: ServerProcess,
  owner: { username: string; email: string },
  fleetOptions: Omit<FleetOptions, 'provision' | 'mqttUrl'>,
): Promise<FleetOnServer> {
  let token = ''
  const api = async <T>(pathName: string, body?: unknown): Promise<Envelope<T>> => {
    const response = await fetch(`${server.baseUrl}/api${pathName}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return (await response.json()) as Envelope<T>
  }
  const ok = async <T>(pathName: string, body?: unknown): Promise<T> => {
    const envelope = await api<T>(pathName, body)
    if (envelope.status !== 10000) throw new Error(`${pathName}: ${JSON.stringify(envelope)}`)
    return envelope.data
  }

  const imported = await fetch(`${server.baseUrl}/api/operator/products/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-canopy-operator-token': server.operatorToken() },
    body: JSON.stringify({ products: catalogueEntries() }),
  })
  const importAnswer = (await imported.json()) as Envelope<unknown>
  if (importAnswer.status !== 10000) throw new Error(`catalogue import: ${JSON.stringify(importAnswer)}`)
  const credentials = { username: owner.username, password: 'fault1234', confirm_password: 'fault1234' }
  await ok('/backend/user/register', { ...credentials, email: owner.email, agreement: true })
  token = (await ok<{ access_token: string }>('/backend/auth/token', credentials)).access_token
  const [tree] = await ok<Array<{ gid: number }>>('/backend/workgroup/all?tree=1')

  const fleet = await startFleet({
    ...fleetOptions,
    provision: httpProvision(server.baseUrl),
    mqttUrl: server.mqttUrl,
  })
  const ids: number[] = []
  for (const device of fleet.devices) {
    const body = {
      mac: device.mac,
      username: 'admin',
      password: simulatedPassword(device.mac),
      gid: String(tree!.gid),
    }
    // Online before the server has filed the status carrying its credential: a bind error until then.
    const bound = await until(async () => {
      const answer = await api<{ id: number }>('/backend/device/bind', body)
      return answer.status === 10000 ? answer.data : undefined
    }, `bind ${device.mac}`)
    ids.push(bound.id)
  }

  return {
    fleet,
    ids,
    token,
    api,
    ok,
    async allOnline() {
      await until(async () => {
        const statistics = await api<{ online: number }>('/backend/device/statistics')
        return statistics.data?.online === fleet.devices.length
      }, 'every device online')
    },
    reconnect() {
      for (const device of fleet.devices) if (!device.online) void device.reboot(0)
    },
  }
}

/**
 * Asks `probe` until it answers something, at most `timeoutMs`. A probe that throws (the server is
 * restarting: its port refuses) is asked again; how many did and the last error are in the
 * failure, with the server's log.
 */
export async function until<T>(
  probe: () => Promise<T | undefined | false>,
  what: string,
  server?: ServerProcess,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let failures = 0
  let lastError: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value) return value
    } catch (error) {
      failures++
      lastError = error
    }
    if (Date.now() > deadline) {
      const failed = failures ? `; ${failures} probes failed, the last with ${String(lastError)}` : ''
      const log = server ? `\n${server.log().slice(-4000)}` : ''
      throw new Error(`${what}: not within ${timeoutMs} ms${failed}${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
