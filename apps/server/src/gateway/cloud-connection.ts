import { randomUUID } from 'node:crypto'
import { topicMatches } from '@canopy/shared/protocol'
import mqtt, { type MqttClient } from 'mqtt'

export type MessageHandler = (topic: string, payload: Buffer) => void

/**
 * The cloud's own MQTT client (MQTT 3.1.1), the same whether the broker is the embedded one or
 * an external one: it subscribes to what devices send and publishes what the cloud answers.
 * Subscriptions are restored by mqtt.js when it reconnects.
 */
export class CloudConnection {
  private readonly handlers: Array<{ filter: string; handler: MessageHandler }> = []

  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      for (const { filter, handler } of this.handlers) {
        if (topicMatches(filter, topic)) handler(topic, payload)
      }
    })
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
    this.handlers.push({ filter, handler })
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

  async close(): Promise<void> {
    await this.client.endAsync()
  }
}
