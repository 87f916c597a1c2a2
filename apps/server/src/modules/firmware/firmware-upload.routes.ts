import { ErrorCode } from '@canopy/shared/errors'
import { can } from '@canopy/shared/permissions'
import { firmwareUploadFields } from '@canopy/shared/validation'
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../http/app-error'
import { authorize } from '../../http/authorize'
import { success } from '../../http/envelope'
import type { Access } from '../../http/route'
import { parseInput } from '../../http/validate'
import type { AuthService } from '../auth/auth.service'
import type { FirmwareService, Publisher } from './firmware.service'
import { ImageTooLarge, type ReceivedImage, receiveImage } from './firmware-upload'

/** The upload's form fields besides the file: model, version, and room for a client's extras. */
const MAX_FIELDS = 8
/**
 * Images received at once (each held in memory until stored, up to the size limit): more wait
 * for none, they are answered "system busy" (600101102) and retried by the uploader.
 */
export const UPLOADS_AT_ONCE = 4

/** Who may upload: the upgrade function, admin-only (§6: level-1 children lose it). */
export const UPLOAD_ACCESS: Extract<Access, { kind: 'signedIn' }> = {
  kind: 'signedIn',
  permission: can.device('upgrade'),
}

/**
 * The two multipart routes that take an image: the console's upload (`POST
 * /backend/firmware/upload`, admins per §6) and the operator's publish for every tenant (`POST
 * /operator/firmware/publish`, the CLI). They stream the file (sha256 and size as it arrives, cut
 * at the size limit), so they live outside the JSON route pipeline, in a scope of their own where
 * multipart is parsed; who may call is checked the same way and before a byte of the file is read.
 */
export async function registerFirmwareUploads(
  app: FastifyInstance,
  deps: {
    apiRoot: string
    auth: AuthService
    operatorToken: string
    firmware: FirmwareService
    maxImageBytes: number
  },
): Promise<void> {
  const slots = new UploadSlots(UPLOADS_AT_ONCE)
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: deps.maxImageBytes,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: 1024,
        parts: MAX_FIELDS + 1,
        headerPairs: 100,
      },
    })
    scope.post(`${deps.apiRoot}/backend/firmware/upload`, async (request) => {
      const principal = await authorize(UPLOAD_ACCESS, request.headers, deps)
      return slots.run(() => receive(request, { kind: 'account', principal }, deps))
    })
    scope.post(`${deps.apiRoot}/operator/firmware/publish`, async (request) => {
      await authorize({ kind: 'operator' }, request.headers, deps)
      return slots.run(() => receive(request, { kind: 'operator' }, deps))
    })
  })
}

async function receive(
  request: FastifyRequest,
  publisher: Publisher,
  deps: { firmware: FirmwareService; maxImageBytes: number },
) {
  if (!request.isMultipart()) throw new AppError(ErrorCode.MISSING_PARAMETERS)
  const fields: Record<string, string> = {}
  let image: ReceivedImage | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || image) {
          part.file.resume()
          continue
        }
        image = await receiveImage(part.filename, part.file, deps.maxImageBytes)
      } else if (typeof part.value === 'string' && part.value !== '') {
        // An empty field is a field left blank: the header may name it.
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    throw uploadRefusal(error)
  }
  if (!image) throw new AppError(ErrorCode.MISSING_PARAMETERS)
  const form = parseInput(firmwareUploadFields, { model: fields.model, version: fields.version })
  return success(await deps.firmware.upload(publisher, image, form))
}

/**
 * Why reading the form failed, as the client should hear it. The loop that reads it only parses
 * and hashes what the client sent (nothing is stored yet), so whatever else breaks it — a form
 * cut short, a second file, a part over its limits, a bad boundary — is the client's malformed
 * request, not a server error.
 */
function uploadRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof ImageTooLarge || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(ErrorCode.INVALID_PARAMETER, {
      violations: [{ field: 'file', rule: 'validation.firmware_too_large' }],
    })
  }
  return new AppError(ErrorCode.MALFORMED_REQUEST)
}

/** A bound on uploads being received at once; one over it is refused at once rather than queued. */
export class UploadSlots {
  private taken = 0

  constructor(private readonly size: number) {}

  async run<T>(upload: () => Promise<T>): Promise<T> {
    if (this.taken >= this.size) throw new AppError(ErrorCode.SYSTEM_BUSY)
    this.taken++
    try {
      return await upload()
    } finally {
      this.taken--
    }
  }
}
