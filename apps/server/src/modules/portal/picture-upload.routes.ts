import { ErrorCode } from '@canopy/shared/errors'
import { can } from '@canopy/shared/permissions'
import { PORTAL_PICTURE_MAX_BYTES } from '@canopy/shared/validation'
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../http/app-error'
import { authorize } from '../../http/authorize'
import { success } from '../../http/envelope'
import type { Access } from '../../http/route'
import type { AuthService } from '../auth/auth.service'
import { UploadSlots } from '../firmware/firmware-upload.routes'
import type { PortalPagesService } from './pages.service'

/** Pictures decoded at once (each a few MB of pixels while re-encoded); more are "system busy". */
const DECODES_AT_ONCE = 2

export const PICTURE_UPLOAD_ACCESS: Extract<Access, { kind: 'signedIn' }> = {
  kind: 'signedIn',
  permission: can.primary,
}

/**
 * `POST /backend/portal/picture/upload` (multipart, one `file` of at most 2 MB): a portal page's
 * banner or tips picture. Outside the JSON pipeline because it is multipart; who may call is
 * checked the same way, before a byte of the file is read.
 */
export async function registerPictureUpload(
  app: FastifyInstance,
  deps: { apiRoot: string; auth: AuthService; operatorToken: string; pages: PortalPagesService },
): Promise<void> {
  const slots = new UploadSlots(DECODES_AT_ONCE)
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: PORTAL_PICTURE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    })
    scope.post(`${deps.apiRoot}/backend/portal/picture/upload`, async (request) => {
      const principal = await authorize(PICTURE_UPLOAD_ACCESS, request.headers, deps)
      const file = await readFile(request)
      return success(await slots.run(() => deps.pages.upload(principal, file)))
    })
  })
}

/** The one file part, whole; too large or not one file is "upload format error or too large". */
async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.UPLOAD_FORMAT)
  try {
    const part = await request.file()
    if (part?.fieldname !== 'file') throw new AppError(ErrorCode.UPLOAD_FORMAT)
    return await part.toBuffer()
  } catch (error) {
    if (error instanceof AppError) throw error
    // over the size or the parts allowed, or a form cut short: the client's, not a server error
    throw new AppError(ErrorCode.UPLOAD_FORMAT)
  }
}
