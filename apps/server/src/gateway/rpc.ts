import { randomUUID } from 'node:crypto'
import { readDevicePayload, rpcResponse, topics } from '@canopy/shared/protocol'
import type { CloudConnection } from './cloud-connection'
import { DeviceRefusal, payloadRefusal } from './device-refusals'

export class RpcTimeout extends Error {
  constructor(
    readonly thing: string,
    readonly method: string,
  ) {
    super(`${thing} did not answer ${method} in time`)
  }
}

export class RpcRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Immediate commands (`cmd/canopy/{thing}/req`): the request names its reply topic and carries
 * a clientToken, as AWS does for MQTT 3.1.1; the answer with the same token settles the call.
 */
export class RpcClient {
  private readonly waiting = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()

  constructor(private readonly connection: CloudConnection) {}

  async call(thing: string, method: string, params?: unknown, timeoutMs = 10_000): Promise<unknown> {
    const clientToken = randomUUID()
    const answered = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(clientToken)
        reject(new RpcTimeout(thing, method))
      }, timeoutMs)
      this.waiting.set(clientToken, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
    })
    await this.connection.publish(topics.rpcRequest(thing), {
      clientToken,
      method,
      params,
      replyTo: topics.rpcResponse(thing),
    })
    return answered
  }

  /**
   * `cmd/canopy/+/res`: answers to this instance's calls (others' are not ours to settle). An
   * answer that is no answer is refused (a DeviceRefusal); the call it meant times out.
   */
  handleResponse(_thing: string, payload: Buffer): void {
    const read = readDevicePayload(payload)
    if (!read.ok) throw payloadRefusal(read.problem)
    const response = rpcResponse.safeParse(read.value)
    if (!response.success) throw new DeviceRefusal('malformed', 'not a command answer')
    const pending = this.waiting.get(response.data.clientToken)
    if (!pending) return
    this.waiting.delete(response.data.clientToken)
    if (response.data.error)
      pending.reject(new RpcRefused(response.data.error.code, response.data.error.message))
    else pending.resolve(response.data.result)
  }
}
