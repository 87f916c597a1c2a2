import { and, count, desc, eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { firmwareChunks, firmwarePackages } from '../../db/schema'

export type FirmwarePackageRow = typeof firmwarePackages.$inferSelect
export type NewFirmwarePackage = typeof firmwarePackages.$inferInsert

/** Bytes of one stored chunk of an image: a Range request reads only the chunks it covers. */
export const FIRMWARE_CHUNK_BYTES = 1024 * 1024

/** A tenant sees its own packages and the public ones (tenant_id null); the operator sees the public ones. */
function visibleTo(tenantId: number | null): SQL | undefined {
  return tenantId === null
    ? isNull(firmwarePackages.tenantId)
    : or(eq(firmwarePackages.tenantId, tenantId), isNull(firmwarePackages.tenantId))
}

export function firmwareRepository(db: Executor) {
  return {
    async insert(row: NewFirmwarePackage): Promise<FirmwarePackageRow> {
      const [inserted] = await db.insert(firmwarePackages).values(row).returning()
      return inserted!
    },

    async insertChunk(packageId: number, seq: number, data: Buffer): Promise<void> {
      await db.insert(firmwareChunks).values({ packageId, seq, data })
    },

    async findById(id: number): Promise<FirmwarePackageRow | undefined> {
      const [row] = await db.select().from(firmwarePackages).where(eq(firmwarePackages.id, id))
      return row
    },

    async findVisible(tenantId: number | null, id: number): Promise<FirmwarePackageRow | undefined> {
      const [row] = await db
        .select()
        .from(firmwarePackages)
        .where(and(eq(firmwarePackages.id, id), visibleTo(tenantId)))
      return row
    },

    /** A package the scope already sees with this model and version, or this image. */
    async findClash(
      tenantId: number | null,
      image: { model: string; version: string; sha256: string },
    ): Promise<FirmwarePackageRow | undefined> {
      const [row] = await db
        .select()
        .from(firmwarePackages)
        .where(
          and(
            visibleTo(tenantId),
            or(
              and(eq(firmwarePackages.model, image.model), eq(firmwarePackages.version, image.version)),
              eq(firmwarePackages.sha256, image.sha256),
            ),
          ),
        )
        .limit(1)
      return row
    },

    /** A page of what the scope sees, newest first, and how many there are. */
    async page(
      tenantId: number | null,
      options: { model?: string | undefined; offset: number; limit: number },
    ): Promise<{ total: number; rows: FirmwarePackageRow[] }> {
      const where = and(
        visibleTo(tenantId),
        options.model === undefined ? undefined : eq(firmwarePackages.model, options.model),
      )
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(firmwarePackages)
          .where(where)
          .orderBy(desc(firmwarePackages.createdAt), desc(firmwarePackages.id))
          .offset(options.offset)
          .limit(options.limit),
        db.select({ total: count() }).from(firmwarePackages).where(where),
      ])
      return { total: total?.total ?? 0, rows }
    },

    /** Every package of a model the tenant may use, newest first. */
    async usable(tenantId: number, model: string): Promise<FirmwarePackageRow[]> {
      return db
        .select()
        .from(firmwarePackages)
        .where(and(visibleTo(tenantId), eq(firmwarePackages.model, model)))
        .orderBy(desc(firmwarePackages.createdAt), desc(firmwarePackages.id))
    },

    /** Deletes a package of exactly this scope (its chunks go with it); false when there was none. */
    async delete(tenantId: number | null, id: number): Promise<boolean> {
      const scope =
        tenantId === null ? isNull(firmwarePackages.tenantId) : eq(firmwarePackages.tenantId, tenantId)
      const deleted = await db
        .delete(firmwarePackages)
        .where(and(eq(firmwarePackages.id, id), scope))
        .returning({ id: firmwarePackages.id })
      return deleted.length > 0
    },

    /** The chunks numbered `from` to `to` (inclusive), in order. */
    async chunks(packageId: number, from: number, to: number): Promise<Array<{ seq: number; data: Buffer }>> {
      return db
        .select({ seq: firmwareChunks.seq, data: firmwareChunks.data })
        .from(firmwareChunks)
        .where(
          and(
            eq(firmwareChunks.packageId, packageId),
            gte(firmwareChunks.seq, from),
            lte(firmwareChunks.seq, to),
          ),
        )
        .orderBy(firmwareChunks.seq)
    },
  }
}

/**
 * Whether a delete broke a foreign key (a package an upgrade order still references): 23001
 * restrict_violation for ON DELETE RESTRICT, 23503 foreign_key_violation for NO ACTION.
 */
export function violatedForeignKey(error: unknown): boolean {
  const candidate = (error as { cause?: unknown })?.cause ?? error
  const code = (candidate as { code?: string })?.code
  return code === '23001' || code === '23503'
}
