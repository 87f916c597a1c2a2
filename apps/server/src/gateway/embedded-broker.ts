import { Worker } from 'node:worker_threads'
import { serverPaths } from '../paths'
import type { BrokerOptions } from './aedes-broker'
import type { BrokerThreadOptions, FromBrokerThread, ToBrokerThread } from './broker-thread-messages'
import { brokerThreadScript } from './broker-thread-source'

export interface EmbeddedBroker {
  port: number
  /**
   * Ends the device's session, and any connection still being authenticated under its name:
   * called once its secret is revoked or replaced, so nothing opened with the old one survives.
   */
  disconnectDevice(thing: string): void
  readonly counters: {
    /** connections dropped for announcing a packet over the maximum size */
    oversizedPackets: number
    /** times the broker's thread died and was started again */
    restarts: number
    /** devices refused because their secret could not be checked (the check failed) */
    failedChecks: number
  }
  close(): Promise<void>
}

/** how long after its thread died the broker is started again */
const RESTART_DELAY_MS = 1000

/**
 * The embedded MQTT broker (Aedes, aedes-broker.ts) in a thread of its own. During a campaign its
 * devices' packets were a fifth of the main thread's time, and a person's request waited behind
 * them (docs/decisions.md, "The broker in a thread of its own"). The server reaches it as before,
 * through its cloud connection on the port; the thread asks the server to check each connecting
 * device's secret. Should the thread die, it is started again on the same port: devices and the
 * cloud connection reconnect as after a broker restart.
 */
export async function startEmbeddedBroker(
  options: BrokerOptions & {
    /** hears of the thread dying, before it is started again */
    onCrash?: (error: Error) => void
    /** hears of a secret check that failed (the device is refused, and counted) */
    onCheckFailed?: (thing: string, error: Error) => void
    /** starts the broker's thread (tests watch the threads they start) */
    spawnThread?: (options: BrokerThreadOptions) => Promise<Worker>
  },
): Promise<EmbeddedBroker> {
  const spawn = options.spawnThread ?? spawnBrokerThread
  const counters = { oversizedPackets: 0, restarts: 0, failedChecks: 0 }
  let closing = false
  /** what the server answers its broker's thread, whichever thread is running */
  const answer = (thread: RunningThread, message: FromBrokerThread) => {
    if (message.kind === 'verify') {
      const reply = (valid: boolean) => thread.post({ kind: 'verified', id: message.id, valid })
      options.credentials.verify(message.thing, message.secret).then(reply, (error: Error) => {
        counters.failedChecks++
        options.onCheckFailed?.(message.thing, error)
        reply(false)
      })
    } else if (message.kind === 'oversized') {
      counters.oversizedPackets++
      options.onOversized?.(message.clientId)
    }
  }
  const threadOptions: BrokerThreadOptions = {
    host: options.host,
    port: options.port,
    service: options.service,
    maxPacketBytes: options.maxPacketBytes,
  }
  let thread = await startThread(await spawn(threadOptions), answer)
  // A restarted thread listens where the first one did, even when the first port was chosen (0).
  const port = thread.port

  /** Starts the thread again, trying again a second later for as long as it fails. */
  const restart = () => {
    if (closing) return
    spawn({ ...threadOptions, port })
      .then((worker) => startThread(worker, answer))
      .then(
        (next) => {
          thread = next
          if (closing) void next.worker.terminate()
          else restartOnExit(next)
        },
        (error: Error) => {
          options.onCrash?.(error)
          setTimeout(restart, RESTART_DELAY_MS).unref()
        },
      )
  }
  const restartOnExit = (current: RunningThread) => {
    let crash: Error | undefined
    current.worker.on('error', (error) => {
      crash = error
    })
    current.worker.once('exit', (code) => {
      if (closing) return
      counters.restarts++
      options.onCrash?.(crash ?? new Error(`the broker's thread exited with code ${code}`))
      setTimeout(restart, RESTART_DELAY_MS).unref()
    })
  }
  restartOnExit(thread)

  return {
    port,
    counters,
    disconnectDevice: (thing) => thread.post({ kind: 'disconnect', thing }),
    async close() {
      closing = true
      const closed = new Promise<void>((resolve) =>
        thread.worker.on('message', (message: FromBrokerThread) => {
          if (message.kind === 'closed') resolve()
        }),
      )
      thread.post({ kind: 'close' })
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1500).unref())])
      await thread.worker.terminate()
    },
  }
}

interface RunningThread {
  worker: Worker
  port: number
  post(message: ToBrokerThread): void
}

/** Starts the broker's thread: the build's script, or from source one bundled now. */
export async function spawnBrokerThread(options: BrokerThreadOptions): Promise<Worker> {
  if (serverPaths.brokerThread) return new Worker(serverPaths.brokerThread, { workerData: options })
  return new Worker(await brokerThreadScript(), { eval: true, workerData: options })
}

/**
 * Waits until the broker's thread listens (or says why it cannot); `answer` hears its messages
 * from the first.
 */
async function startThread(
  worker: Worker,
  answer: (thread: RunningThread, message: FromBrokerThread) => void,
): Promise<RunningThread> {
  const thread = { worker, port: 0, post: (message: ToBrokerThread) => worker.postMessage(message) }
  try {
    thread.port = await new Promise<number>((resolve, reject) => {
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`the broker's thread exited with code ${code}`)))
      worker.on('message', (message: FromBrokerThread) => {
        if (message.kind === 'listening') resolve(message.port)
        else if (message.kind === 'failed') reject(new Error(message.message))
        else answer(thread, message)
      })
    })
    worker.removeAllListeners('error')
    worker.removeAllListeners('exit')
    return thread
  } catch (error) {
    await worker.terminate()
    throw error
  }
}
