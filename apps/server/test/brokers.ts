import { importSimulatedCatalogue } from './devices'
import { startMosquitto } from './mosquitto'
import { createTestApp, type TestApp } from './test-app'

/** The protocol suites run against both: the embedded broker and Mosquitto with dynamic security. */
export const BROKERS = [
  { name: 'embedded broker', external: false },
  { name: 'Mosquitto with dynamic security', external: true },
] as const

/**
 * An app on its embedded broker, or on a Mosquitto of its own configured as
 * docs/operations.md says, with the virtual fleet's products in the catalogue.
 */
export async function appOnBroker(external: boolean): Promise<{ app: TestApp; close(): Promise<void> }> {
  const mosquitto = external ? await startMosquitto() : undefined
  const app = await createTestApp({
    env: mosquitto
      ? { MQTT_URL: mosquitto.url, MQTT_USERNAME: mosquitto.username, MQTT_PASSWORD: mosquitto.password }
      : { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', MQTT_URL: '' },
  })
  await importSimulatedCatalogue(app)
  return {
    app,
    close: async () => {
      await app.close()
      await mosquitto?.stop()
    },
  }
}
