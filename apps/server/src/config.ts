import path from 'node:path'
import { parseArgs } from 'node:util'
import type { MessageKind } from '@canopy/shared/validation'
import { z } from 'zod'
import type { DeviceLimits } from './gateway/device-admission'
import type { LoginThrottleSettings } from './modules/auth/login-throttle'

/**
 * Every setting, parsed once: command-line flags win over environment variables, which win over
 * the defaults. Nothing else in the server reads `process.env` (architecture invariant 6).
 */

const LANGUAGES = ['en-us', 'zh-cn', 'es'] as const

const positiveInt = z.coerce.number().int().positive()
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  DATABASE_STATEMENT_COUNTS: z.enum(['0', '1']).default('0'),
  API_ROOT: z
    .string()
    .default('/api')
    .refine((root) => /^\/[A-Za-z0-9_-]+$/.test(root), 'API_ROOT must look like /api'),
  DEFAULT_LANGUAGE: z.enum(LANGUAGES).optional(),
  PUBLIC_URL: optionalText.refine(
    (url) => url === undefined || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(url),
    'PUBLIC_URL must be the console address, like https://console.example.com',
  ),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  WEB_DIST: optionalText,
  SECRET: optionalText,
  OPERATOR_TOKEN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(7200),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  RESET_LINK_TTL_MINUTES: positiveInt.default(30),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_FROM: optionalText,
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  SMTP_SECURE: z.enum(['true', 'false']).optional(),
  PUSH_DIGEST_SECONDS: positiveInt.default(60),
  PUSH_ATTEMPTS: positiveInt.default(5),
  PUSH_RETRY_SECONDS: positiveInt.default(30),
  WECHAT_APP_ID: optionalText,
  WECHAT_APP_SECRET: optionalText,
  WECHAT_TOKEN: optionalText,
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  // The Official Account's template ids for pushes, one per kind of system message.
  WECHAT_TEMPLATE_ALARM: optionalText,
  WECHAT_TEMPLATE_RECOVERY: optionalText,
  WECHAT_TEMPLATE_UPGRADE: optionalText,
  WECHAT_TEMPLATE_INSPECTION: optionalText,
  WECHAT_TEMPLATE_ANNOUNCEMENT: optionalText,
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_HOST: z.string().default('0.0.0.0'),
  MQTT_URL: optionalText,
  MQTT_USERNAME: optionalText,
  MQTT_PASSWORD: optionalText,
  MQTT_PUBLIC_URL: optionalText,
  DEVICE_LIMIT: positiveInt.default(10_000),
  TELEMETRY_RETENTION_DAYS: positiveInt.default(7),
  TELEMETRY_SAMPLE_SECONDS: positiveInt.default(300),
  DEMO_FLEET_SIZE: z.coerce.number().int().min(0).max(1000).default(12),
  // Failed logins only (docs/decisions.md, "Login throttling"): per address, per account from one
  // address, per account from all addresses, counted over the window.
  RATE_LIMIT_LOGIN_PER_MINUTE: positiveInt.default(20),
  RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS_PER_MINUTE: positiveInt.default(10),
  RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: positiveInt.default(100),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: positiveInt.default(60),
  RATE_LIMIT_REGISTER_PER_HOUR: positiveInt.default(20),
  RATE_LIMIT_MAIL_PER_HOUR: positiveInt.default(10),
  // Each bind verifies a device-chosen scrypt hash (up to 64 MiB, a quarter of a second).
  RATE_LIMIT_BIND_PER_MINUTE: positiveInt.default(30),
  // Guests' portal logins (docs/decisions.md, "The guest surface"): per guest device of a gateway,
  // and per address — a venue's guests share their gateway's one public address.
  RATE_LIMIT_GUEST_LOGIN_CLIENT_PER_MINUTE: positiveInt.default(10),
  RATE_LIMIT_GUEST_LOGIN_ADDRESS_PER_MINUTE: positiveInt.default(600),
  // What one device may make the server do (docs/protocol.md, "Limits").
  MQTT_MAX_PACKET_BYTES: z.coerce.number().int().min(1024).max(268_435_455).default(131_072),
  DEVICE_SHADOW_PER_SECOND: positiveInt.default(10),
  DEVICE_JOBS_PER_SECOND: positiveInt.default(10),
  DEVICE_TELEMETRY_PER_SECOND: positiveInt.default(1),
  DEVICE_STATUS_PER_SECOND: positiveInt.default(1),
  DEVICE_RPC_PER_SECOND: positiveInt.default(20),
  DEVICE_BACKLOG: positiveInt.default(10),
  DEVICE_MESSAGES_IN_FLIGHT: positiveInt.default(64),
  DEVICE_MESSAGES_QUEUED: positiveInt.default(20_000),
  DEVICE_MESSAGES_MAX_WAIT_MS: positiveInt.default(10_000),
  DEVICE_DISCONNECT_AFTER_REFUSALS: positiveInt.default(100),
  UPGRADE_MAX_IN_FLIGHT: positiveInt.default(1000),
  // Firmware packages (docs/operations.md, "Firmware packages").
  FIRMWARE_MAX_BYTES: positiveInt.max(1024 * 1024 * 1024).default(64 * 1024 * 1024),
  FIRMWARE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(256 * 1024 * 1024),
})

export interface MailConfig {
  host: string
  port: number
  from: string
  secure: boolean
  user?: string | undefined
  password?: string | undefined
}

export interface WechatConfig {
  appId: string
  appSecret: string
  /** the token set in the Official Account's server settings, for callback signatures */
  token: string
  apiBase: string
  /**
   * The template id each kind of system message is pushed with (`message/template/send`); a kind
   * without one is not pushed by WeChat (its pushes fail, saying so)
   */
  templates: Partial<Record<MessageKind, string>>
}

/** The embedded broker (no `url`), or an external Mosquitto with dynamic security. */
export type MqttConfig =
  | { kind: 'embedded'; host: string; port: number; publicUrl: string | undefined; maxPacketBytes: number }
  | { kind: 'external'; url: string; username: string; password: string; publicUrl: string | undefined }

export interface Config {
  port: number
  host: string
  dataDir: string
  /** an external PostgreSQL server; undefined means the embedded PGlite */
  databaseUrl: string | undefined
  /** count the statements sent, by text, for the operator's metrics */
  countStatements: boolean
  apiRoot: string
  defaultLanguage: (typeof LANGUAGES)[number] | undefined
  /** the console's address in mailed links (never the request's Host); required with mail */
  publicUrl: string | undefined
  /** behind a reverse proxy: take the client's address from X-Forwarded-For */
  trustProxy: boolean
  /** the built console; undefined serves the API only */
  webDist: string | undefined
  secret: string | undefined
  /** the operator API's token; undefined: generated once, kept in the database and DATA_DIR */
  operatorToken: string | undefined
  logLevel: string
  demo: boolean
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  resetLinkTtlSeconds: number
  /** undefined when the e-mail service is not configured */
  mail: MailConfig | undefined
  /** pushes of system messages (modules/messages/push-delivery.ts) */
  push: {
    /** an account gets at most one mail (one WeChat message) per channel per this many seconds: a digest */
    digestSeconds: number
    /** attempts before a push is failed for good */
    attempts: number
    /** the first retry's delay; each next one doubles it */
    retrySeconds: number
  }
  mqtt: MqttConfig
  /** what one device may make the server do */
  deviceLimits: DeviceLimits
  /** devices an upgrade order has sent and not yet finished, at most, whatever its own options */
  upgradeMaxInFlight: number
  devices: {
    /** devices a tenant may bind unless its own limit says otherwise (§8 600000104) */
    defaultLimit: number
    telemetryRetentionDays: number
    /** one history sample per device per this many seconds */
    telemetrySampleSeconds: number
  }
  demoFleetSize: number
  firmware: {
    /** the largest image an upload or publish takes */
    maxImageBytes: number
    /** image bytes kept in memory for devices' downloads */
    cacheBytes: number
  }
  /** undefined when WeChat binding is not configured */
  wechat: WechatConfig | undefined
  /** failed logins, counted per window (login-throttle.ts) */
  loginThrottle: LoginThrottleSettings
  rateLimits: {
    registerPerHour: number
    mailPerHour: number
    bindPerMinute: number
    /** guests' portal logins a minute per guest device of a gateway, and per address */
    guestLoginClientPerMinute: number
    guestLoginAddressPerMinute: number
  }
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  argv: string[] = process.argv.slice(2),
): Config {
  const flags = parseArgs({
    args: argv,
    options: { demo: { type: 'boolean' }, port: { type: 'string' } },
    strict: false,
  }).values
  const parsed = environmentSchema.safeParse({ ...env, PORT: flags.port ?? env.PORT })
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    countStatements: e.DATABASE_STATEMENT_COUNTS === '1',
    apiRoot: e.API_ROOT,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY === 'true',
    webDist: e.WEB_DIST === undefined ? undefined : path.resolve(e.WEB_DIST),
    secret: e.SECRET,
    operatorToken: e.OPERATOR_TOKEN,
    logLevel: e.LOG_LEVEL,
    demo: flags.demo === true,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_DAYS * 86400,
    resetLinkTtlSeconds: e.RESET_LINK_TTL_MINUTES * 60,
    mail: mailConfig(e),
    push: {
      digestSeconds: e.PUSH_DIGEST_SECONDS,
      attempts: e.PUSH_ATTEMPTS,
      retrySeconds: e.PUSH_RETRY_SECONDS,
    },
    mqtt: mqttConfig(e),
    deviceLimits: {
      perSecond: {
        shadow: e.DEVICE_SHADOW_PER_SECOND,
        jobs: e.DEVICE_JOBS_PER_SECOND,
        telemetry: e.DEVICE_TELEMETRY_PER_SECOND,
        status: e.DEVICE_STATUS_PER_SECOND,
        rpc: e.DEVICE_RPC_PER_SECOND,
      },
      backlog: e.DEVICE_BACKLOG,
      inFlight: e.DEVICE_MESSAGES_IN_FLIGHT,
      queued: e.DEVICE_MESSAGES_QUEUED,
      maxWaitMs: e.DEVICE_MESSAGES_MAX_WAIT_MS,
      disconnectAfter: e.DEVICE_DISCONNECT_AFTER_REFUSALS,
    },
    upgradeMaxInFlight: e.UPGRADE_MAX_IN_FLIGHT,
    devices: {
      defaultLimit: e.DEVICE_LIMIT,
      telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
      telemetrySampleSeconds: e.TELEMETRY_SAMPLE_SECONDS,
    },
    demoFleetSize: e.DEMO_FLEET_SIZE,
    firmware: { maxImageBytes: e.FIRMWARE_MAX_BYTES, cacheBytes: e.FIRMWARE_CACHE_BYTES },
    wechat:
      e.WECHAT_APP_ID && e.WECHAT_APP_SECRET && e.WECHAT_TOKEN
        ? {
            appId: e.WECHAT_APP_ID,
            appSecret: e.WECHAT_APP_SECRET,
            token: e.WECHAT_TOKEN,
            apiBase: e.WECHAT_API_BASE.replace(/\/+$/, ''),
            templates: wechatTemplates(e),
          }
        : undefined,
    loginThrottle: {
      perAddress: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      perAccountAddress: e.RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS_PER_MINUTE,
      perAccount: e.RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE,
      windowSeconds: e.RATE_LIMIT_LOGIN_WINDOW_SECONDS,
    },
    rateLimits: {
      registerPerHour: e.RATE_LIMIT_REGISTER_PER_HOUR,
      mailPerHour: e.RATE_LIMIT_MAIL_PER_HOUR,
      bindPerMinute: e.RATE_LIMIT_BIND_PER_MINUTE,
      guestLoginClientPerMinute: e.RATE_LIMIT_GUEST_LOGIN_CLIENT_PER_MINUTE,
      guestLoginAddressPerMinute: e.RATE_LIMIT_GUEST_LOGIN_ADDRESS_PER_MINUTE,
    },
  }
}

function mqttConfig(e: z.infer<typeof environmentSchema>): MqttConfig {
  if (!e.MQTT_URL)
    return {
      kind: 'embedded',
      host: e.MQTT_HOST,
      port: e.MQTT_PORT,
      publicUrl: e.MQTT_PUBLIC_URL,
      maxPacketBytes: e.MQTT_MAX_PACKET_BYTES,
    }
  if (!e.MQTT_USERNAME || !e.MQTT_PASSWORD) {
    throw new Error(
      'Invalid configuration: MQTT_URL needs MQTT_USERNAME and MQTT_PASSWORD (a dynamic-security admin)',
    )
  }
  return {
    kind: 'external',
    url: e.MQTT_URL,
    username: e.MQTT_USERNAME,
    password: e.MQTT_PASSWORD,
    publicUrl: e.MQTT_PUBLIC_URL ?? e.MQTT_URL,
  }
}

function wechatTemplates(e: z.infer<typeof environmentSchema>): Partial<Record<MessageKind, string>> {
  const ids: Record<MessageKind, string | undefined> = {
    alarm: e.WECHAT_TEMPLATE_ALARM,
    recovery: e.WECHAT_TEMPLATE_RECOVERY,
    upgrade: e.WECHAT_TEMPLATE_UPGRADE,
    inspection: e.WECHAT_TEMPLATE_INSPECTION,
    announcement: e.WECHAT_TEMPLATE_ANNOUNCEMENT,
  }
  return Object.fromEntries(Object.entries(ids).filter(([, id]) => id !== undefined))
}

/** §3 "Email service": server, port and address are all required, or there is no mail. */
function mailConfig(e: z.infer<typeof environmentSchema>): MailConfig | undefined {
  if (!e.SMTP_HOST || !e.SMTP_PORT || !e.SMTP_FROM) return undefined
  // A reset link built from the request's Host could be aimed at any host by whoever asks for it.
  if (!e.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration: the mail service (SMTP_HOST, SMTP_PORT, SMTP_FROM) needs PUBLIC_URL, the console address its links point to (e.g. https://console.example.com)',
    )
  }
  return {
    host: e.SMTP_HOST,
    port: e.SMTP_PORT,
    from: e.SMTP_FROM,
    secure: e.SMTP_SECURE === undefined ? e.SMTP_PORT === 465 : e.SMTP_SECURE === 'true',
    user: e.SMTP_USER,
    password: e.SMTP_PASSWORD,
  }
}
