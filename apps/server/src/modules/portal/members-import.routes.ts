import { ErrorCode } from '@canopy/shared/errors'
import { can } from '@canopy/shared/permissions'
import { MEMBER_IMPORT_MAX_BYTES } from '@canopy/shared/validation'
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../http/app-error'
import { authorize } from '../../http/authorize'
import { success } from '../../http/envelope'
import type { Access } from '../../http/route'
import type { AuthService } from '../auth/auth.service'
import { UploadSlots } from '../firmware/firmware-upload.routes'
import type { MembersService } from './members.service'

/** Imports parsed and hashed at once (each up to a second of a core); more are "system busy". */
const IMPORTS_AT_ONCE = 1

export const MEMBER_IMPORT_ACCESS: Extract<Access, { kind: 'signedIn' }> = {
  kind: 'signedIn',
  permission: can.primary,
}

/**
 * `POST /backend/portal/member/import` (multipart, one `file`, an .xls of at most 1 MB): adds
 * members, all or none, and answers the report (added, refused rows and why). Who may call is
 * checked before a byte of the file is read.
 */
export async function registerMemberImport(
  app: FastifyInstance,
  deps: { apiRoot: string; auth: AuthService; operatorToken: string; members: MembersService },
): Promise<void> {
  const slots = new UploadSlots(IMPORTS_AT_ONCE)
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MEMBER_IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    })
    scope.post(`${deps.apiRoot}/backend/portal/member/import`, async (request) => {
      const principal = await authorize(MEMBER_IMPORT_ACCESS, request.headers, deps)
      const file = await readFile(request)
      return success(await slots.run(() => deps.members.import(principal, file)))
    })
  })
}

/** The one file part, whole; over the size, or not one file, is "upload format error or too large". */
async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.UPLOAD_FORMAT)
  try {
    const part = await request.file()
    if (part?.fieldname !== 'file') throw new AppError(ErrorCode.UPLOAD_FORMAT)
    const file = await part.toBuffer()
    // @fastify/multipart cuts a file at the limit and marks it truncated rather than failing
    if (part.file.truncated) throw new AppError(ErrorCode.UPLOAD_FORMAT)
    return file
  } catch (error) {
    if (error instanceof AppError) throw error
    // over the size or the parts allowed, or a form cut short: the client's, not a server error
    throw new AppError(ErrorCode.UPLOAD_FORMAT)
  }
}
