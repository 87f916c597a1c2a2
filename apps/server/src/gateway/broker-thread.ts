import { parentPort, workerData } from 'node:worker_threads'
import { startAedesBroker } from './aedes-broker'
import type { BrokerThreadOptions, FromBrokerThread, ToBrokerThread } from './broker-thread-messages'

/**
 * The embedded broker's thread: Aedes and its device connections (reading, parsing, routing and
 * writing every device's packets) run here, off the server's main thread, which then serves
 * people and handles device messages through its one cloud connection (embedded-broker.ts).
 * What the broker needs of the server — a device's secret checked — is asked over the port.
 */
const port = parentPort!
const options = workerData as BrokerThreadOptions
const send = (message: FromBrokerThread) => port.postMessage(message)

/** checks asked of the main thread, by their id */
const verifying = new Map<number, (valid: boolean) => void>()
let nextCheck = 0

async function main() {
  const broker = await startAedesBroker({
    ...options,
    credentials: {
      verify: (thing, secret) =>
        new Promise<boolean>((resolve) => {
          const id = nextCheck++
          verifying.set(id, resolve)
          send({ kind: 'verify', id, thing, secret })
        }),
    },
    onOversized: (clientId) => send({ kind: 'oversized', clientId }),
  })
  port.on('message', (message: ToBrokerThread) => {
    switch (message.kind) {
      case 'verified':
        verifying.get(message.id)?.(message.valid)
        verifying.delete(message.id)
        return
      case 'disconnect':
        broker.disconnectDevice(message.thing)
        return
      case 'close':
        void broker.close().then(() => {
          send({ kind: 'closed' })
          port.close()
        })
    }
  })
  send({ kind: 'listening', port: broker.port })
}

// A broker that cannot listen says why; the thread then ends.
main().catch((error: Error) => {
  send({ kind: 'failed', message: error.message })
  port.close()
})
