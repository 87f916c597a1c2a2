import type { DeviceListRequest } from '@canopy/shared/validation'
import { and, asc, count, desc, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { deviceMetricsLatest, devices, products, projects, roleDevices } from '../../db/schema'

export type DeviceRow = typeof devices.$inferSelect

/** Which devices a caller may see: a whole tenant, or some of its projects and devices (§6). */
export type DeviceVisibility =
  | { kind: 'tenant'; tenantId: number }
  | { kind: 'scoped'; tenantId: number; projectIds: number[]; deviceIds: number[] }

export function visibleCondition(visibility: DeviceVisibility): SQL {
  const tenant = eq(devices.tenantId, visibility.tenantId)
  if (visibility.kind === 'tenant') return tenant
  const granted = [
    visibility.projectIds.length > 0 ? inArray(devices.projectId, visibility.projectIds) : undefined,
    visibility.deviceIds.length > 0 ? inArray(devices.id, visibility.deviceIds) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined)
  return and(tenant, granted.length > 0 ? or(...granted) : sql`false`)!
}

const SORT_COLUMNS = {
  name: devices.name,
  mac: devices.mac,
  status: devices.status,
  model: products.model,
  firmware: devices.firmware,
  accessTime: devices.boundAt,
  uptime: deviceMetricsLatest.uptime,
  clients: deviceMetricsLatest.clients,
} as const

/** The columns of a device list row. */
const listColumns = {
  id: devices.id,
  mac: devices.mac,
  name: devices.name,
  remark: devices.remark,
  status: devices.status,
  statusChangedAt: devices.statusChangedAt,
  lastSeenAt: devices.lastSeenAt,
  firmware: devices.firmware,
  boundAt: devices.boundAt,
  projectId: devices.projectId,
  projectName: projects.name,
  projectIsDefault: projects.isDefault,
  model: products.model,
  type: products.type,
  capabilities: products.capabilities,
  cpu: deviceMetricsLatest.cpu,
  mem: deviceMetricsLatest.mem,
  clients: deviceMetricsLatest.clients,
  uptime: deviceMetricsLatest.uptime,
  metricsAt: deviceMetricsLatest.at,
}

export function devicesRepository(db: Executor) {
  return {
    async findById(id: number): Promise<DeviceRow | undefined> {
      const [row] = await db.select().from(devices).where(eq(devices.id, id))
      return row
    },

    async findByMac(mac: string): Promise<DeviceRow | undefined> {
      const [row] = await db.select().from(devices).where(eq(devices.mac, mac))
      return row
    },

    /** Creates the device, or gives a device registering again its new secret. */
    async upsertRegistration(values: {
      mac: string
      thingName: string
      productId: number
      secretHash: string
    }) {
      const [row] = await db
        .insert(devices)
        .values(values)
        .onConflictDoUpdate({
          target: devices.mac,
          set: { secretHash: values.secretHash, productId: values.productId, registeredAt: sql`now()` },
        })
        .returning({ id: devices.id })
      return row!.id
    },

    /** Binds an unbound device; undefined when someone else bound it first. */
    async bind(id: number, values: { tenantId: number; projectId: number; name: string }) {
      const [row] = await db
        .update(devices)
        .set({ ...values, boundAt: sql`now()` })
        .where(and(eq(devices.id, id), isNull(devices.tenantId)))
        .returning({ id: devices.id })
      return row?.id
    },

    async countForTenant(tenantId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(devices).where(eq(devices.tenantId, tenantId))
      return row?.n ?? 0
    },

    /** The given devices, if every one is visible; otherwise fewer rows. */
    async visibleByIds(visibility: DeviceVisibility, ids: number[]): Promise<DeviceRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(devices)
        .where(and(visibleCondition(visibility), inArray(devices.id, ids)))
    },

    async release(ids: number[]): Promise<void> {
      await db
        .update(devices)
        .set({ tenantId: null, projectId: null, name: null, remark: null, boundAt: null })
        .where(inArray(devices.id, ids))
    },

    async remove(ids: number[]): Promise<void> {
      await db.delete(devices).where(inArray(devices.id, ids))
    },

    async move(ids: number[], projectId: number): Promise<void> {
      await db.update(devices).set({ projectId }).where(inArray(devices.id, ids))
    },

    async update(id: number, values: Partial<typeof devices.$inferInsert>): Promise<void> {
      await db.update(devices).set(values).where(eq(devices.id, id))
    },

    async countInProject(projectId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(devices).where(eq(devices.projectId, projectId))
      return row?.n ?? 0
    },

    /** A page of the visible devices, filtered and sorted, with the total that matches. */
    /**
     * A page of the visible devices, filtered and sorted, with the total that matches. Three
     * short queries rather than one wide one: the page's ids (on device columns only, so an
     * index walk stops after the page), the total (an index-only count on the covering index),
     * then the page's rows with their product, project and latest telemetry.
     */
    async list(visibility: DeviceVisibility, request: DeviceListRequest, projectIds: number[] | undefined) {
      const productIds =
        request.type || request.model ? await this.productIds(request.type, request.model) : undefined
      const keyword = request.keyword?.trim()
      const pattern = keyword ? `%${keyword.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : undefined
      const where = and(
        visibleCondition(visibility),
        projectIds ? inArray(devices.projectId, projectIds) : undefined,
        request.status ? eq(devices.status, request.status) : undefined,
        productIds
          ? productIds.length > 0
            ? inArray(devices.productId, productIds)
            : sql`false`
          : undefined,
        request.firmware ? eq(devices.firmware, request.firmware) : undefined,
        pattern ? like(devices.searchText, pattern) : undefined,
      )
      const column = request.sort ? SORT_COLUMNS[request.sort] : undefined
      const direction = request.order === 'asc' ? 'asc' : 'desc'
      const order = column
        ? [
            sql`${column} ${sql.raw(direction)} nulls last`,
            direction === 'asc' ? asc(devices.id) : desc(devices.id),
          ]
        : [desc(devices.id)]
      // Sorting by the product or the telemetry needs their tables; otherwise devices alone.
      const base = db.select({ id: devices.id }).from(devices)
      const joined =
        request.sort === 'model'
          ? base.innerJoin(products, eq(products.id, devices.productId))
          : request.sort === 'uptime' || request.sort === 'clients'
            ? base.leftJoin(deviceMetricsLatest, eq(deviceMetricsLatest.deviceId, devices.id))
            : base
      const [page, [counted]] = await Promise.all([
        joined
          .where(where)
          .orderBy(...order)
          .limit(request.pageOffset)
          .offset((request.pageIndex - 1) * request.pageOffset),
        db.select({ n: count() }).from(devices).where(where),
      ])
      const ids = page.map((row) => row.id)
      const rows = ids.length
        ? await db
            .select(listColumns)
            .from(devices)
            .innerJoin(products, eq(products.id, devices.productId))
            .leftJoin(projects, eq(projects.id, devices.projectId))
            .leftJoin(deviceMetricsLatest, eq(deviceMetricsLatest.deviceId, devices.id))
            .where(inArray(devices.id, ids))
        : []
      const byId = new Map(rows.map((row) => [row.id, row]))
      return { rows: ids.map((id) => byId.get(id)!), total: counted?.n ?? 0 }
    },

    /** The products of a type and/or model (the catalogue is small). */
    async productIds(type: string | undefined, model: string | undefined): Promise<number[]> {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(type ? eq(products.type, type) : undefined, model ? eq(products.model, model) : undefined))
      return rows.map((row) => row.id)
    },

    async latestTelemetry(id: number): Promise<unknown> {
      const [row] = await db
        .select({ telemetry: deviceMetricsLatest.telemetry })
        .from(deviceMetricsLatest)
        .where(eq(deviceMetricsLatest.deviceId, id))
      return row?.telemetry
    },

    /** One device as a list row. */
    async listRow(id: number) {
      const [row] = await db
        .select(listColumns)
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .leftJoin(projects, eq(projects.id, devices.projectId))
        .leftJoin(deviceMetricsLatest, eq(deviceMetricsLatest.deviceId, devices.id))
        .where(eq(devices.id, id))
      return row
    },

    /** Device counts of the visible devices by status and by type. */
    async statistics(visibility: DeviceVisibility) {
      return db
        .select({ status: devices.status, type: products.type, n: count() })
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .where(visibleCondition(visibility))
        .groupBy(devices.status, products.type)
    },

    /** The visible devices that went offline most recently. */
    async recentlyOffline(visibility: DeviceVisibility, limit: number) {
      return db
        .select({
          id: devices.id,
          mac: devices.mac,
          name: devices.name,
          since: devices.statusChangedAt,
          model: products.model,
        })
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .where(and(visibleCondition(visibility), eq(devices.status, 'offline')))
        .orderBy(sql`${devices.statusChangedAt} desc nulls last`)
        .limit(limit)
    },

    /** Models and firmware versions among the visible devices, for the list's filters. */
    async models(visibility: DeviceVisibility) {
      return db
        .selectDistinct({ model: products.model, type: products.type, firmware: devices.firmware })
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .where(visibleCondition(visibility))
        .orderBy(products.model, devices.firmware)
    },

    async roleDeviceIds(roleIds: number[]): Promise<number[]> {
      if (roleIds.length === 0) return []
      const rows = await db
        .selectDistinct({ deviceId: roleDevices.deviceId })
        .from(roleDevices)
        .where(inArray(roleDevices.roleId, roleIds))
      return rows.map((row) => row.deviceId)
    },
  }
}

export type DeviceListRow = NonNullable<Awaited<ReturnType<ReturnType<typeof devicesRepository>['listRow']>>>
