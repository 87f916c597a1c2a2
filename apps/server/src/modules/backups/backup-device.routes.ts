import { ErrorCode } from '@canopy/shared/errors'
import { CONFIG_MAX_BYTES, THING_NAME_PATTERN } from '@canopy/shared/protocol'
import { INT32_MAX } from '@canopy/shared/validation'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { AppError } from '../../http/app-error'
import type { DownloadUrlSigner } from '../firmware/firmware-url-signing'
import type { BackupsService, UploadOutcome } from './backups.service'

const ID = /^[1-9]\d{0,9}$/
const EXPIRY = /^[1-9]\d{0,11}$/
/** an HMAC-SHA256 in base64url */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/
const WINDOW_MS = 60_000

/** Why a device's upload or restore download was refused, counted (docs/operations.md). */
export type ConfigLinkRefusal =
  | 'malformed'
  | 'forged'
  | 'expired'
  | 'unknown'
  | Exclude<UploadOutcome, 'stored'>

/** Counts refusals by reason; logs one line per reason a minute, so a looping device costs a counter. */
export class ConfigLinkRefusals {
  readonly counts: Partial<Record<ConfigLinkRefusal, number>> = {}
  private readonly lastLogged = new Map<ConfigLinkRefusal, number>()

  constructor(private readonly log: FastifyBaseLogger) {}

  refuse(reason: ConfigLinkRefusal, thing: string | undefined): void {
    this.counts[reason] = (this.counts[reason] ?? 0) + 1
    const last = this.lastLogged.get(reason)
    if (last !== undefined && Date.now() - last < WINDOW_MS) return
    this.lastLogged.set(reason, Date.now())
    this.log.warn(
      { reason, thing: thing?.slice(0, 32), count: this.counts[reason] },
      'configuration link refused',
    )
  }
}

const CODES: Record<ConfigLinkRefusal, (typeof ErrorCode)[keyof typeof ErrorCode]> = {
  malformed: ErrorCode.INVALID_PARAMETER,
  forged: ErrorCode.LINK_INVALID,
  expired: ErrorCode.LINK_EXPIRED,
  unknown: ErrorCode.FILE_NOT_FOUND,
  'unknown-run': ErrorCode.FILE_NOT_FOUND,
  'foreign-device': ErrorCode.LINK_INVALID,
  duplicate: ErrorCode.FILE_EXISTS,
  'too-large': ErrorCode.INVALID_PARAMETER,
  'not-json': ErrorCode.INVALID_PARAMETER,
  'not-an-object': ErrorCode.INVALID_PARAMETER,
  'too-deep': ErrorCode.INVALID_PARAMETER,
  unstorable: ErrorCode.INVALID_PARAMETER,
}

interface LinkDevice {
  id: number
  tenantId: number
  productId: number
  firmware: string | null
  mac: string
}

/**
 * The two links backup jobs hand devices (docs/protocol.md, "Configuration backup and restore"):
 * `PUT {API_ROOT}/device/config/upload/:runId?thing&exp&sig` takes a device's running configuration
 * (JSON, at most CONFIG_MAX_BYTES), `GET {API_ROOT}/device/config/restore/:backupId?thing&exp&sig`
 * gives one back. Each link is signed for one device by the firmware links' signer (its own
 * scope and key) and lives minutes; every refusal is counted.
 */
export async function registerBackupDeviceRoutes(
  app: FastifyInstance,
  deps: {
    apiRoot: string
    backups: BackupsService
    uploads: DownloadUrlSigner
    restores: DownloadUrlSigner
    refusals: ConfigLinkRefusals
    deviceByThing(thing: string): Promise<LinkDevice | undefined>
  },
): Promise<void> {
  /** The link's device, or the refusal (counted) as an AppError. */
  const check = async (signer: DownloadUrlSigner, id: string, query: Record<string, unknown>) => {
    const { thing, exp, sig } = query
    const refuse = (reason: ConfigLinkRefusal): never => {
      deps.refusals.refuse(reason, typeof thing === 'string' ? thing : undefined)
      throw new AppError(CODES[reason])
    }
    if (
      !ID.test(id) ||
      Number(id) > INT32_MAX ||
      typeof thing !== 'string' ||
      !THING_NAME_PATTERN.test(thing) ||
      typeof exp !== 'string' ||
      !EXPIRY.test(exp) ||
      typeof sig !== 'string' ||
      !SIGNATURE.test(sig)
    )
      return refuse('malformed')
    const verdict = signer.check({ packageId: Number(id), thing, exp: Number(exp) }, sig)
    if (verdict !== 'ok') return refuse(verdict)
    const device = await deps.deviceByThing(thing)
    if (!device) return refuse('unknown')
    return { device, refuse }
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: CONFIG_MAX_BYTES },
      (_request, body, done) => done(null, body),
    )
    scope.put<{ Params: { runId: string }; Querystring: Record<string, unknown> }>(
      `${deps.apiRoot}/device/config/upload/:runId`,
      async (request, reply) => {
        const { device, refuse } = await check(deps.uploads, request.params.runId, request.query)
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const outcome = await deps.backups.upload(Number(request.params.runId), device, body)
        if (outcome !== 'stored') return refuse(outcome)
        return reply.status(201).send({ status: 10000, errorCode: [], data: null })
      },
    )
  })

  app.get<{ Params: { backupId: string }; Querystring: Record<string, unknown> }>(
    `${deps.apiRoot}/device/config/restore/:backupId`,
    async (request, reply) => {
      const { device, refuse } = await check(deps.restores, request.params.backupId, request.query)
      const document = await deps.backups.restoreDocument(Number(request.params.backupId), device.tenantId)
      if (!document) return refuse('unknown')
      return reply
        .header('cache-control', 'private, no-store')
        .header('etag', `"${document.sha256}"`)
        .type('application/json')
        .send(document.body)
    },
  )
}
