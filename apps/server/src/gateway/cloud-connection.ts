import { randomUUID } from 'node:crypto'
import { filterLevels, levelsMatch } from '@canopy/shared/protocol'
import mqtt, { type MqttClient } from 'mqtt'

export type MessageHandler = (topic: string, payload: Buffer) => void

/**
 * The cloud's own MQTT client (MQTT 3.1.1), the same whether the broker is the embedded one or
 * an external one: it subscribes to what devices send and publishes what the cloud answers.
 * Subscriptions are restored by mqtt.js when it reconnects.
 */
export class CloudConnection {
  /** each filter's levels split once: every device message is matched against all of them */
  private readonly handlers: Array<{ levels: string[]; handler: MessageHandler }> = []
  private readonly lostListeners: Array<() => void> = []
  private readonly backListeners: Array<(outageMs: number) => void> = []
  /** when the broker was lost; undefined while connected */
  private lostAt: Date | undefined
  private closing = false

  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      const levels = topic.split('/')
      for (const { levels: filter, handler } of this.handlers) {
        if (levelsMatch(filter, levels)) handler(topic, payload)
      }
    })
    client.on('close', () => {
      if (this.closing || this.lostAt) return
      this.lostAt = new Date()
      for (const listener of this.lostListeners) listener()
    })
    // mqtt.js subscribes again on each reconnection, so the retained statuses arrive again.
    client.on('connect', () => {
      if (!this.lostAt) return
      const outageMs = Date.now() - this.lostAt.getTime()
      this.lostAt = undefined
      for (const listener of this.backListeners) listener(outageMs)
    })
  }

  /** Hears the connection to the broker lost (once per outage, not per reconnection attempt). */
  onLost(listener: () => void): void {
    this.lostListeners.push(listener)
  }

  /** Hears the broker back after an outage, with how long it lasted. */
  onBack(listener: (outageMs: number) => void): void {
    this.backListeners.push(listener)
  }

  /** Whether the cloud hears the broker now, and since when it has not. */
  get state(): { connected: boolean; lostAt: Date | undefined } {
    return { connected: this.lostAt === undefined && this.client.connected, lostAt: this.lostAt }
  }

  static async connect(options: {
    url: string
    username: string
    password: string
  }): Promise<CloudConnection> {
    const client = await mqtt.connectAsync(options.url, {
      protocolVersion: 4,
      clientId: `canopy-cloud-${randomUUID().slice(0, 8)}`,
      username: options.username,
      password: options.password,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
    })
    return new CloudConnection(client)
  }

  /** Handles messages on `filter`, subscribed with QoS 1. */
  async on(filter: string, handler: MessageHandler): Promise<void> {
    this.handlers.push({ levels: filterLevels(filter), handler })
    await this.client.subscribeAsync(filter, { qos: 1 })
  }

  async publish(
    topic: string,
    payload: unknown,
    options: { qos?: 0 | 1; retain?: boolean } = {},
  ): Promise<void> {
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload)
    await this.client.publishAsync(topic, body, { qos: options.qos ?? 1, retain: options.retain ?? false })
  }

  get connected(): boolean {
    return this.client.connected
  }

  /**
   * Ends the connection: what is in flight gets `graceMs` to be acknowledged while the broker is
   * there, then the end is forced. (mqtt.js's polite end waits for its outgoing queue to drain,
   * which never happens with the broker gone.)
   */
  async close(graceMs = 1000): Promise<void> {
    this.closing = true
    const deadline = Date.now() + graceMs
    while (this.client.connected && this.inFlight() > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await this.client.endAsync(!this.client.connected || this.inFlight() > 0)
  }

  private inFlight(): number {
    return Object.keys(this.client.outgoing).length
  }
}
