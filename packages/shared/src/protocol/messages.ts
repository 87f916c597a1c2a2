import { z } from 'zod'
import { isMacForm } from '../validation/mac'
import { storable } from './device-json'

/**
 * The messages of our own topics (docs/protocol.md). Parsers keep fields they do not know, so a
 * newer device can say more than this cloud understands; every message a device sends is
 * `storable` (no NUL, lone surrogate or runaway nesting anywhere in it, known fields or not).
 */

export const DEVICE_TYPES = ['ap', 'gateway', 'repeater', 'router4g'] as const
export type DeviceType = (typeof DEVICE_TYPES)[number]

/** `dt/canopy/{thing}/status`, retained; the device's last will says "offline". */
export const statusMessage = storable(
  z.looseObject({
    state: z.enum(['online', 'offline']),
    ts: z.number().optional(),
    model: z.string().max(64).optional(),
    firmware: z.string().max(64).optional(),
    /** seconds between telemetry messages; presence expires after three missed ones */
    telemetryInterval: z.number().int().min(1).max(3600).optional(),
    /** the regulatory region it operates under (ISO 3166 alpha-2): its WiFi channels depend on it */
    region: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    reason: z.string().max(200).optional(),
    /**
     * The device's management account and password, hashed by the device:
     * `scrypt$N$r$p$saltBase64$hashBase64` of "account:password". The cloud checks a bind request
     * against it and never sees the password itself.
     */
    credential: z.string().max(512).optional(),
  }),
)
export type StatusMessage = z.infer<typeof statusMessage>

const nonNegative = z.number().min(0)
const INT32_MAX = 2_147_483_647
const percent = z.number().min(0).max(100)
/**
 * A byte counter since the interface came up: it only grows until the device restarts (or a
 * 32-bit counter wraps), and the cloud computes throughput from the difference between samples.
 * Bounded by the bigint column it is filed in.
 */
const byteCounter = nonNegative.max(Number.MAX_SAFE_INTEGER)

export const interfaceInfo = z.looseObject({
  ip: z.string().max(45).optional(),
  mask: z.string().max(45).optional(),
  gateway: z.string().max(45).optional(),
  dns: z.array(z.string().max(45)).max(4).optional(),
  mac: z.string().max(17).optional(),
  /** WAN connection type (§3): static, pppoe, dhcp, mobile */
  type: z.enum(['static', 'pppoe', 'dhcp', 'mobile']).optional(),
  rxBytes: byteCounter.optional(),
  txBytes: byteCounter.optional(),
})

export const radioInfo = z.looseObject({
  band: z.enum(['2g', '5g']),
  channel: z.number().int().min(0).max(200).optional(),
  clients: z.number().int().min(0).max(INT32_MAX).optional(),
  txPower: z.number().int().min(0).max(100).optional(),
  utilization: percent.optional(),
  /** bytes the radio received from and sent to its clients */
  rxBytes: byteCounter.optional(),
  txBytes: byteCounter.optional(),
})

export const lteInfo = z.looseObject({
  sim: z.enum(['ready', 'absent', 'locked', 'error']).optional(),
  imsi: z.string().max(20).optional(),
  iccid: z.string().max(24).optional(),
  module: z.string().max(64).optional(),
  moduleVersion: z.string().max(64).optional(),
  /** dBm */
  signal: z.number().min(-140).max(0).optional(),
  operator: z.string().max(64).optional(),
})

/** `dt/canopy/{thing}/telemetry`, every telemetryInterval seconds. */
export const telemetryMessage = storable(
  z.looseObject({
    ts: z.number().optional(),
    // Bounded by the columns they are filed in (bigint seconds, int clients).
    uptime: nonNegative.max(Number.MAX_SAFE_INTEGER),
    cpu: percent,
    mem: percent,
    clients: z.number().int().min(0).max(INT32_MAX),
    wan: interfaceInfo.optional(),
    lan: interfaceInfo.optional(),
    radios: z.array(radioInfo).max(8).optional(),
    lte: lteInfo.optional(),
  }),
)
export type TelemetryMessage = z.infer<typeof telemetryMessage>

/** `cmd/canopy/{thing}/req`: an immediate command, answered on `replyTo` with the same token. */
export const rpcRequest = z.object({
  clientToken: z.string().min(1).max(64),
  method: z.string().min(1).max(64),
  params: z.unknown().optional(),
  replyTo: z.string().min(1).max(256),
})
export type RpcRequest = z.infer<typeof rpcRequest>

export const rpcResponse = storable(
  z.object({
    clientToken: z.string().min(1).max(64),
    result: z.unknown().optional(),
    error: z.object({ code: z.string().max(64), message: z.string().max(500) }).optional(),
  }),
)
export type RpcResponse = z.infer<typeof rpcResponse>

/**
 * Registration of a factory-fresh device (HTTP `POST {API_ROOT}/device/register`), signed with
 * the secret of its product, as dynamic registration works on the large IoT clouds.
 */
export const registrationRequest = z.object({
  productKey: z.string().min(1).max(64),
  /** a MAC in any form `normaliseMac` reads; it is signed as sent */
  mac: z.string().max(32).refine(isMacForm),
  random: z.string().min(8).max(64),
  /** hex HMAC-SHA256 with the product secret of `registrationPayload(...)` */
  sign: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * The device secret it holds now, if any: a bound device may register again only with it
   * (the product secret is in every device of the product, so it proves nothing about which).
   */
  deviceSecret: z.string().min(1).max(128).optional(),
})
export type RegistrationRequest = z.infer<typeof registrationRequest>

export interface RegistrationResponse {
  thingName: string
  deviceSecret: string
  /** where to connect, as the cloud sees itself; a device may be configured otherwise */
  mqtt: { host: string; port: number }
}

/** The text a registration signs: its fields in a fixed order. */
export function registrationPayload(request: { productKey: string; mac: string; random: string }): string {
  return `mac=${request.mac.toUpperCase()}&productKey=${request.productKey}&random=${request.random}`
}
