import { mqtt as crtMqtt, io } from 'aws-iot-device-sdk-v2'

/**
 * The AWS IoT Device SDK v2 as a device: its MQTT 3.1.1 connection to the broker on `port`,
 * connected, with the thing name as client id and user name and the device secret as password.
 */
export async function sdkConnection(
  identity: { thingName: string; deviceSecret: string },
  port: number,
): Promise<crtMqtt.MqttClientConnection> {
  const client = new crtMqtt.MqttClient(new io.ClientBootstrap())
  const connection = client.new_connection({
    client_id: identity.thingName,
    host_name: '127.0.0.1',
    port,
    clean_session: true,
    keep_alive: 30,
    username: identity.thingName,
    password: identity.deviceSecret,
    socket_options: new io.SocketOptions(io.SocketType.STREAM, io.SocketDomain.IPV4, 5000),
    // The SDK would append usage metrics to the user name, which is the thing name here.
    disable_metrics: true,
  })
  await connection.connect()
  return connection
}
