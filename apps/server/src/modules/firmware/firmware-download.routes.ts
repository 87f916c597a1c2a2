import { Readable } from 'node:stream'
import { ErrorCode } from '@canopy/shared/errors'
import { THING_NAME_PATTERN } from '@canopy/shared/protocol'
import { INT32_MAX } from '@canopy/shared/validation'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../http/app-error'
import type { FirmwarePackage, FirmwareService } from './firmware.service'
import type { DownloadRefusal, DownloadRefusals } from './firmware-download-refusals'
import { requestedRange } from './firmware-range'
import type { DownloadUrlSigner } from './firmware-url-signing'

const PACKAGE_ID = /^[1-9]\d{0,9}$/
const EXPIRY = /^[1-9]\d{0,11}$/
/** an HMAC-SHA256 in base64url */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/

/** What each refusal answers: the envelope code a device's HTTP client sees with its status. */
const REFUSAL_CODES: Record<
  Exclude<DownloadRefusal, 'range' | 'failed'>,
  (typeof ErrorCode)[keyof typeof ErrorCode]
> = {
  malformed: ErrorCode.INVALID_PARAMETER,
  forged: ErrorCode.LINK_INVALID,
  expired: ErrorCode.LINK_EXPIRED,
  'unknown-package': ErrorCode.FILE_NOT_FOUND,
}

/**
 * `GET|HEAD {API_ROOT}/device/firmware/:packageId?thing=…&exp=…&sig=…`: a device fetches its
 * upgrade image with the signed link its job document carries (docs/protocol.md, "Firmware
 * upgrade"). Resumable with one byte Range (206, or 416 past the end), validated by the ETag,
 * which is the image's sha256. No per-address rate limit: thousands of devices share one NAT
 * address, and the signature already limits who may fetch what.
 */
export function registerFirmwareDownload(
  app: FastifyInstance,
  deps: { apiRoot: string; firmware: FirmwareService; signer: DownloadUrlSigner; refusals: DownloadRefusals },
): void {
  app.route<{ Params: { packageId: string }; Querystring: Record<string, string | string[] | undefined> }>({
    method: ['GET', 'HEAD'],
    url: `${deps.apiRoot}/device/firmware/:packageId`,
    handler: async (request, reply) => {
      const { packageId } = request.params
      const { thing, exp, sig } = request.query
      const refuse = (reason: Exclude<DownloadRefusal, 'range' | 'failed'>): never => {
        deps.refusals.refuse(reason, {
          packageId: packageId.slice(0, 12),
          thing: typeof thing === 'string' ? thing.slice(0, 32) : undefined,
        })
        throw new AppError(REFUSAL_CODES[reason])
      }
      if (
        !PACKAGE_ID.test(packageId) ||
        Number(packageId) > INT32_MAX ||
        typeof thing !== 'string' ||
        !THING_NAME_PATTERN.test(thing) ||
        typeof exp !== 'string' ||
        !EXPIRY.test(exp) ||
        typeof sig !== 'string' ||
        !SIGNATURE.test(sig)
      ) {
        return refuse('malformed')
      }
      const verdict = deps.signer.check({ packageId: Number(packageId), thing, exp: Number(exp) }, sig)
      if (verdict !== 'ok') return refuse(verdict)
      const pkg = await deps.firmware.forDownload(Number(packageId))
      if (!pkg) return refuse('unknown-package')
      return send(reply, pkg, request.method === 'HEAD', request.headers, deps, thing)
    },
  })
}

async function send(
  reply: FastifyReply,
  pkg: FirmwarePackage,
  headOnly: boolean,
  headers: Record<string, string | string[] | undefined>,
  deps: { firmware: FirmwareService; refusals: DownloadRefusals },
  thing: string,
) {
  const etag = `"${pkg.sha256}"`
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .type('application/octet-stream')
  if (headers['if-none-match'] === etag) return reply.status(304).send()
  const range = requestedRange(single(headers.range), pkg.size, single(headers['if-range']), etag)
  if (range.kind === 'unsatisfiable') {
    deps.refusals.refuse('range', { packageId: String(pkg.id), thing })
    return reply.status(416).header('content-range', `bytes */${pkg.size}`).send()
  }
  const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, pkg.size - 1]
  reply.status(range.kind === 'part' ? 206 : 200).header('content-length', String(end - start + 1))
  if (range.kind === 'part') reply.header('content-range', `bytes ${start}-${end}/${pkg.size}`)
  if (headOnly) return reply.send()

  const parts = deps.firmware.read(pkg, start, end)
  // The first chunk is read before any byte is sent, so a failure there is still an answer.
  const first = await parts.next()
  const firstBytes = first.done ? Buffer.alloc(0) : first.value
  if (firstBytes.length === end - start + 1) return reply.send(firstBytes)
  return reply.send(Readable.from(rest(firstBytes, parts, deps.refusals, pkg.id, thing)))
}

/** The first chunk, then the others as they are read; a failure midway is counted (the device resumes with Range). */
async function* rest(
  first: Buffer,
  parts: AsyncGenerator<Buffer>,
  refusals: DownloadRefusals,
  packageId: number,
  thing: string,
): AsyncGenerator<Buffer> {
  yield first
  try {
    for await (const part of parts) yield part
  } catch (error) {
    refusals.refuse('failed', { packageId: String(packageId), thing, error })
    throw error
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value
}
