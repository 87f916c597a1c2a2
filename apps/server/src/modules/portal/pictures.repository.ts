import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { portalPages, portalPictures } from '../../db/schema'

export type PictureRow = typeof portalPictures.$inferSelect

/** Portal pictures (SQL only). */
export function picturesRepository(db: Executor) {
  return {
    async insert(values: typeof portalPictures.$inferInsert): Promise<number> {
      const [row] = await db.insert(portalPictures).values(values).returning({ id: portalPictures.id })
      return row!.id
    },

    async findInTenant(tenantId: number, id: number): Promise<PictureRow | undefined> {
      const [row] = await db
        .select()
        .from(portalPictures)
        .where(and(eq(portalPictures.tenantId, tenantId), eq(portalPictures.id, id)))
      return row
    },

    async countInTenant(tenantId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0
      const rows = await db
        .select({ id: portalPictures.id })
        .from(portalPictures)
        .where(and(eq(portalPictures.tenantId, tenantId), inArray(portalPictures.id, ids)))
      return rows.length
    },

    /**
     * Deletes the tenant's pictures no page shows, uploaded more than `graceMinutes` ago (a picture
     * just uploaded waits for the page it was uploaded for to be saved).
     */
    async removeUnused(tenantId: number, graceMinutes: number): Promise<void> {
      const shown = db
        .select({ id: portalPages.id })
        .from(portalPages)
        .where(
          or(
            eq(portalPages.bannerPictureId, portalPictures.id),
            eq(portalPages.tipsPictureId, portalPictures.id),
          ),
        )
      await db
        .delete(portalPictures)
        .where(
          and(
            eq(portalPictures.tenantId, tenantId),
            sql`${portalPictures.createdAt} < now() - make_interval(mins => ${graceMinutes})`,
            notExists(shown),
          ),
        )
    },
  }
}
