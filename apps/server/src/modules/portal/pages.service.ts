import { ErrorCode } from '@canopy/shared/errors'
import type { PortalPage, PortalPageAddRequest, PortalPageSaveRequest } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { violatedForeignKey } from '../../db/errors'
import { AppError } from '../../http/app-error'
import { FileReply } from '../../http/file-reply'
import type { PageRequest } from '../../lib/paging'
import type { Principal } from '../auth/principal'
import { type PortalPageRow, type PortalPageValues, pagesRepository } from './pages.repository'
import { NotAPicture, reencodePicture } from './picture-encoding'
import { picturesRepository } from './pictures.repository'

/** How long an uploaded picture waits for a page to show it before it may be cleared away. */
const UNUSED_PICTURE_GRACE_MINUTES = 60

/**
 * Portal pages and their pictures (§3, /auth/portal), the tenant's primary account's (the routes
 * say so). Another tenant's page or picture is 600400143; a page id no tenant has is "portal does
 * not exist" (600400204), as for strategies.
 */
export class PortalPagesService {
  constructor(private readonly deps: { db: Database }) {}

  async list(principal: Principal, request: PageRequest): Promise<{ total: number; list: PortalPage[] }> {
    const { total, rows } = await pagesRepository(this.deps.db).page(principal.account.tenantId, request)
    return { total, list: rows.map(toView) }
  }

  async info(principal: Principal, id: number): Promise<PortalPage> {
    return toView(await this.own(principal.account.tenantId, id))
  }

  async add(principal: Principal, request: PortalPageAddRequest): Promise<{ id: number }> {
    const tenantId = principal.account.tenantId
    await this.refuseForeignPictures(tenantId, request)
    return { id: await pagesRepository(this.deps.db).insert(tenantId, values(request)) }
  }

  async save(principal: Principal, request: PortalPageSaveRequest): Promise<PortalPage> {
    const tenantId = principal.account.tenantId
    await this.own(tenantId, request.id)
    await this.refuseForeignPictures(tenantId, request)
    await pagesRepository(this.deps.db).update(tenantId, request.id, values(request))
    await picturesRepository(this.deps.db).removeUnused(tenantId, UNUSED_PICTURE_GRACE_MINUTES)
    return this.info(principal, request.id)
  }

  async remove(principal: Principal, id: number): Promise<void> {
    const tenantId = principal.account.tenantId
    await this.own(tenantId, id)
    try {
      await pagesRepository(this.deps.db).remove(tenantId, id)
    } catch (error) {
      // A device's SSID shows it (portal_device_settings, NO ACTION): nothing is deleted.
      if (violatedForeignKey(error)) throw new AppError(ErrorCode.PORTAL_IN_USE)
      throw error
    }
    await picturesRepository(this.deps.db).removeUnused(tenantId, UNUSED_PICTURE_GRACE_MINUTES)
  }

  /** Keeps an uploaded picture as the server re-encoded it; "upload format error or too large" otherwise. */
  async upload(principal: Principal, file: Buffer): Promise<{ id: number; width: number; height: number }> {
    let picture: Awaited<ReturnType<typeof reencodePicture>>
    try {
      picture = await reencodePicture(file)
    } catch (error) {
      if (error instanceof NotAPicture) throw new AppError(ErrorCode.UPLOAD_FORMAT)
      throw error
    }
    const id = await picturesRepository(this.deps.db).insert({
      tenantId: principal.account.tenantId,
      ...picture,
    })
    return { id, width: picture.width, height: picture.height }
  }

  async picture(principal: Principal, id: number): Promise<FileReply> {
    const row = await picturesRepository(this.deps.db).findInTenant(principal.account.tenantId, id)
    if (!row) throw new AppError(ErrorCode.NO_PERMISSION)
    const extension = row.contentType === 'image/png' ? 'png' : 'jpg'
    return new FileReply(row.content, row.contentType, `picture-${row.id}.${extension}`)
  }

  private async own(tenantId: number, id: number): Promise<PortalPageRow> {
    const pages = pagesRepository(this.deps.db)
    const row = await pages.findInTenant(tenantId, id)
    if (row) return row
    throw new AppError((await pages.exists(id)) ? ErrorCode.NO_PERMISSION : ErrorCode.PORTAL_NOT_FOUND)
  }

  private async refuseForeignPictures(tenantId: number, request: PortalPageAddRequest): Promise<void> {
    const ids = [...new Set([request.banner_picture, request.tips_picture].filter((id) => id !== null))]
    if ((await picturesRepository(this.deps.db).countInTenant(tenantId, ids)) !== ids.length)
      throw new AppError(ErrorCode.NO_PERMISSION)
  }
}

function values(request: PortalPageAddRequest): PortalPageValues {
  return {
    displayType: request.display_type,
    title: request.title,
    tips: request.tips,
    bannerPictureId: request.banner_picture,
    tipsPictureId: request.tips_picture,
    guideUrl: request.guide_url,
    scheme: request.scheme,
  }
}

function toView(row: PortalPageRow): PortalPage {
  return {
    id: row.id,
    display_type: row.displayType as PortalPage['display_type'],
    title: row.title,
    tips: row.tips,
    banner_picture: row.bannerPictureId,
    tips_picture: row.tipsPictureId,
    guide_url: row.guideUrl,
    scheme: row.scheme as PortalPage['scheme'],
    created_at: row.createdAt.toISOString(),
  }
}
