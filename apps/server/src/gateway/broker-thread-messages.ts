import type { BrokerOptions } from './aedes-broker'

/** What the broker's thread is started with: the options a message can carry (no functions). */
export type BrokerThreadOptions = Omit<BrokerOptions, 'credentials' | 'onOversized'>

/** What the broker's thread tells the server. */
export type FromBrokerThread =
  | { kind: 'listening'; port: number }
  | { kind: 'failed'; message: string }
  /** a device connecting: is this its secret? (answered by `verified` with the same id) */
  | { kind: 'verify'; id: number; thing: string; secret: string }
  | { kind: 'oversized'; clientId: string | undefined }
  | { kind: 'closed' }

/** What the server tells the broker's thread. */
export type ToBrokerThread =
  | { kind: 'verified'; id: number; valid: boolean }
  | { kind: 'disconnect'; thing: string }
  | { kind: 'close' }
