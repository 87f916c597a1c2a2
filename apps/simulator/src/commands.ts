import type { JsonObject } from '@canopy/shared/protocol'
import type { VirtualDevice } from './virtual-device'
import { runDiagnostic, serveWeb, type WebRequest } from './web-ui'

/** How a virtual device answers a command (`cmd/canopy/{thing}/req`, docs/protocol.md). */
export type Command = (device: VirtualDevice, params: unknown) => Promise<unknown> | unknown

/** A refusal the device explains with a code the cloud understands. */
function refusal(code: string, message: string): Error {
  return Object.assign(new Error(message), { code })
}

const number = (params: unknown, key: string, fallback: number) => {
  const value = (params as Record<string, unknown> | undefined)?.[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback
}

export const BUILT_IN_COMMANDS: Record<string, Command> = {
  ping: () => ({ pong: Math.floor(Date.now() / 1000) }),
  reboot: (device) => {
    device.log.write('kernel', 'reboot requested by the cloud')
    setTimeout(() => void device.reboot(), 200)
    return { rebooting: true }
  },
  'led.blink': (device, params) => {
    const seconds = number(params, 'seconds', 10)
    device.log.write('canopy', `LED blinking for ${seconds} s`)
    return { blinking: seconds }
  },
  /** With logging off there is nothing to read (§8 "please enable logging"). */
  'log.read': (device, params) => {
    const system = (device.reported.system ?? {}) as JsonObject
    if (system.logging === false) throw refusal('log-disabled', 'logging is off')
    return {
      enabled: true,
      lines: device.log.last(Math.min(Math.max(number(params, 'lines', 200), 1), 1000)),
    }
  },
  'clients.list': (device) => device.connectedClients(),
  'http.request': (device, params) => {
    const { status, contentType, body } = serveWeb(device, params as WebRequest)
    return { status, contentType, ...device.webAnswers.first(body, number(params, 'chunkBytes', 0)) }
  },
  'http.next': (device, params) =>
    device.webAnswers.next((params as { cursor?: unknown } | undefined)?.cursor),
  'diag.run': (device, params) => {
    const { tool, host } = (params ?? {}) as { tool?: string; host?: string }
    return { output: runDiagnostic(device, tool ?? 'ping', host, device.options.random) }
  },
}
