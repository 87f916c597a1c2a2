import type { JsonObject } from '@canopy/shared/protocol'
import type { TemplateMode } from '@canopy/shared/validation'
import { and, asc, count, eq, gte, ilike, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { configTemplates, deviceTemplates, projectTemplates } from './templates.schema'

export type TemplateRow = typeof configTemplates.$inferSelect
export type DeviceTemplateRow = typeof deviceTemplates.$inferSelect

/** The templates area's SQL: templates, projects' automatic ones, and what each device got. */
export function templatesRepository(db: Executor) {
  return {
    async insert(values: typeof configTemplates.$inferInsert): Promise<TemplateRow> {
      const [row] = await db.insert(configTemplates).values(values).returning()
      return row!
    },

    async find(tenantId: number, id: number): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(configTemplates)
        .where(and(eq(configTemplates.tenantId, tenantId), eq(configTemplates.id, id)))
      return row
    },

    /** The template locked until the caller commits: edits, deletes and uses take turns. */
    async findForUpdate(tenantId: number, id: number): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(configTemplates)
        .where(and(eq(configTemplates.tenantId, tenantId), eq(configTemplates.id, id)))
        .for('update')
      return row
    },

    /** A tenant's templates, or (`createdBy`) those one account made. */
    async list(
      tenantId: number,
      createdBy: number | undefined,
      page: { limit: number; offset: number },
      keyword?: string,
    ) {
      const where = and(
        eq(configTemplates.tenantId, tenantId),
        createdBy === undefined ? undefined : eq(configTemplates.createdBy, createdBy),
        keyword ? ilike(configTemplates.name, `%${keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(configTemplates)
          .where(where)
          .orderBy(asc(sql`lower(${configTemplates.name})`), asc(configTemplates.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(configTemplates).where(where),
      ])
      return { rows, total: total?.total ?? 0 }
    },

    async update(id: number, values: { name: string; settings: JsonObject; secrets: Buffer }) {
      const [row] = await db
        .update(configTemplates)
        .set({ ...values, version: sql`${configTemplates.version} + 1`, updatedAt: sql`now()` })
        .where(eq(configTemplates.id, id))
        .returning()
      return row!
    },

    async remove(id: number): Promise<void> {
      await db.delete(configTemplates).where(eq(configTemplates.id, id))
    },

    /** How many devices and projects use each template. */
    async uses(ids: number[]): Promise<Map<number, { devices: number; projects: number }>> {
      const uses = new Map(ids.map((id) => [id, { devices: 0, projects: 0 }]))
      if (ids.length === 0) return uses
      const [onDevices, onProjects] = await Promise.all([
        db
          .select({ id: deviceTemplates.templateId, n: count() })
          .from(deviceTemplates)
          .where(inArray(deviceTemplates.templateId, ids))
          .groupBy(deviceTemplates.templateId),
        db
          .select({ id: projectTemplates.templateId, n: count() })
          .from(projectTemplates)
          .where(inArray(projectTemplates.templateId, ids))
          .groupBy(projectTemplates.templateId),
      ])
      for (const row of onDevices) uses.get(row.id)!.devices = row.n
      for (const row of onProjects) uses.get(row.id)!.projects = row.n
      return uses
    },

    // Projects' automatic templates

    async setProjectTemplate(projectId: number, templateId: number): Promise<void> {
      await db
        .insert(projectTemplates)
        .values({ projectId, templateId })
        .onConflictDoUpdate({ target: projectTemplates.projectId, set: { templateId, setAt: sql`now()` } })
    },

    async clearProjectTemplate(projectId: number): Promise<void> {
      await db.delete(projectTemplates).where(eq(projectTemplates.projectId, projectId))
    },

    /** The automatic template of each of these projects that has one. */
    async projectTemplates(projectIds: number[]): Promise<Map<number, number>> {
      if (projectIds.length === 0) return new Map()
      const rows = await db
        .select()
        .from(projectTemplates)
        .where(inArray(projectTemplates.projectId, projectIds))
      return new Map(rows.map((row) => [row.projectId, row.templateId]))
    },

    /** The projects that give this template automatically. */
    async projectsOf(templateId: number): Promise<number[]> {
      const rows = await db
        .select({ projectId: projectTemplates.projectId })
        .from(projectTemplates)
        .where(eq(projectTemplates.templateId, templateId))
      return rows.map((row) => row.projectId)
    },

    // What each device got

    async assign(
      rows: Array<{
        deviceId: number
        templateId: number
        mode: TemplateMode
        templateVersion: number
        operations: JsonObject
        refusal: string | null
      }>,
    ): Promise<void> {
      if (rows.length === 0) return
      await db
        .insert(deviceTemplates)
        .values(rows.map((row) => ({ ...row, appliedAt: sql`now()` })))
        .onConflictDoUpdate({
          target: deviceTemplates.deviceId,
          set: {
            templateId: sql`excluded.template_id`,
            mode: sql`excluded.mode`,
            templateVersion: sql`excluded.template_version`,
            operations: sql`excluded.operations`,
            refusal: sql`excluded.refusal`,
            appliedAt: sql`now()`,
          },
        })
    },

    /** A device leaves automatic application (its project no longer gives one). */
    async unassignAutomatic(deviceIds: number[]): Promise<void> {
      if (deviceIds.length === 0) return
      await db
        .delete(deviceTemplates)
        .where(and(inArray(deviceTemplates.deviceId, deviceIds), eq(deviceTemplates.mode, 'automatic')))
    },

    async ofDevices(deviceIds: number[]): Promise<DeviceTemplateRow[]> {
      if (deviceIds.length === 0) return []
      return db.select().from(deviceTemplates).where(inArray(deviceTemplates.deviceId, deviceIds))
    },

    /** Of these devices, those that do not yet hold this version of the template automatically. */
    async behind(deviceIds: number[], templateId: number, version: number): Promise<Set<number>> {
      if (deviceIds.length === 0) return new Set()
      const current = await db
        .select({ deviceId: deviceTemplates.deviceId })
        .from(deviceTemplates)
        .where(
          and(
            inArray(deviceTemplates.deviceId, deviceIds),
            eq(deviceTemplates.templateId, templateId),
            eq(deviceTemplates.mode, 'automatic'),
            gte(deviceTemplates.templateVersion, version),
          ),
        )
      const upToDate = new Set(current.map((row) => row.deviceId))
      return new Set(deviceIds.filter((id) => !upToDate.has(id)))
    },

    /** Each template's name and version, by id. */
    async namesAndVersions(ids: number[]): Promise<Map<number, { name: string; version: number }>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: configTemplates.id, name: configTemplates.name, version: configTemplates.version })
        .from(configTemplates)
        .where(inArray(configTemplates.id, ids))
      return new Map(rows.map((row) => [row.id, row]))
    },

    /** The devices holding a template (any mode); `tenantId`: only if the template is that tenant's. */
    async devicesWith(templateId: number, tenantId?: number): Promise<number[]> {
      const rows = await db
        .select({ deviceId: deviceTemplates.deviceId })
        .from(deviceTemplates)
        .innerJoin(configTemplates, eq(configTemplates.id, deviceTemplates.templateId))
        .where(
          and(
            eq(deviceTemplates.templateId, templateId),
            tenantId === undefined ? undefined : eq(configTemplates.tenantId, tenantId),
          ),
        )
      return rows.map((row) => row.deviceId)
    },
  }
}
