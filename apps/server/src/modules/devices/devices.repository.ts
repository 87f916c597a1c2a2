import type { DeviceListRequest } from '@canopy/shared/validation'
import { and, count, desc, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { deviceMetricsLatest, devices, products, projects } from '../../db/schema'

export type DeviceRow = typeof devices.$inferSelect

/** Which registered identity a new registration may replace (see `upsertRegistration`). */
export type IdentityReplacement = 'any' | { secretHash: string | undefined }

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
  /** its last status, or any other message it sent since (presence.ts `heard`) */
  lastSeenAt: sql<Date | null>`greatest(${devices.lastSeenAt}, ${deviceMetricsLatest.heardAt})`.mapWith(
    devices.lastSeenAt,
  ),
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
  /** the WAN address of the latest report (docs/protocol.md, telemetry `wan.ip`) */
  wanIp: sql<string | null>`${deviceMetricsLatest.telemetry} -> 'wan' ->> 'ip'`,
}

export function devicesRepository(db: Executor) {
  /** Devices as list rows: with their product, project and latest telemetry (and `extra`). */
  const listRows = <Extra extends Record<string, SQL.Aliased | SQL>>(extra = {} as Extra) =>
    db
      .select({ ...listColumns, ...extra })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.productId))
      .leftJoin(projects, eq(projects.id, devices.projectId))
      .leftJoin(deviceMetricsLatest, eq(deviceMetricsLatest.deviceId, devices.id))

  return {
    async findById(id: number): Promise<DeviceRow | undefined> {
      const [row] = await db.select().from(devices).where(eq(devices.id, id))
      return row
    },

    async findByIds(ids: number[]): Promise<DeviceRow[]> {
      if (ids.length === 0) return []
      return db.select().from(devices).where(inArray(devices.id, ids))
    },

    /** Which of these devices are online, in one light read. */
    async onlineAmong(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set()
      const found = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(inArray(devices.id, ids), eq(devices.status, 'online')))
      return new Set(found.map((row) => row.id))
    },

    async findByMac(mac: string): Promise<DeviceRow | undefined> {
      const [row] = await db.select().from(devices).where(eq(devices.mac, mac))
      return row
    },

    /**
     * Creates the device with its (empty) latest-telemetry row, or gives a device registering
     * again its new secret. `replaces` says which existing identity may be replaced: any
     * (an operator), or an unbound device's and the one whose secret hashes to `secretHash`.
     * The check is part of the statement, so a bind landing in between cannot slip past it.
     * Undefined when the device exists and may not be replaced. Run it in a transaction.
     */
    async upsertRegistration(
      values: { mac: string; thingName: string; productId: number; secretHash: string },
      replaces: IdentityReplacement,
    ): Promise<number | undefined> {
      const [row] = await db
        .insert(devices)
        .values(values)
        .onConflictDoUpdate({
          target: devices.mac,
          set: { secretHash: values.secretHash, productId: values.productId, registeredAt: sql`now()` },
          setWhere:
            replaces === 'any'
              ? undefined
              : or(
                  isNull(devices.tenantId),
                  replaces.secretHash ? eq(devices.secretHash, replaces.secretHash) : undefined,
                ),
        })
        .returning({ id: devices.id })
      if (!row) return undefined
      await db.insert(deviceMetricsLatest).values({ deviceId: row.id }).onConflictDoNothing()
      return row.id
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

    /** The ids of every device the visibility sees now. */
    async visibleIds(visibility: DeviceVisibility): Promise<number[]> {
      const rows = await db.select({ id: devices.id }).from(devices).where(visibleCondition(visibility))
      return rows.map((row) => row.id)
    },

    /**
     * Takes devices out of their tenant with what it learned of them: telemetry history (the
     * latest-telemetry row stays, emptied), shadows and role grants. Run it in a transaction.
     */
    async release(ids: number[]): Promise<void> {
      const list = sql.param(ids)
      await db.execute(sql`delete from device_metrics where device_id = any(${list}::int[])`)
      await db.execute(sql`delete from device_traffic_hourly where device_id = any(${list}::int[])`)
      await db.execute(sql`update device_metrics_latest set at = null, cpu = null, mem = null, clients = null,
        uptime = null, telemetry = null where device_id = any(${list}::int[])`)
      await db.execute(sql`delete from device_shadows where device_id = any(${list}::int[])`)
      await db.execute(sql`delete from role_devices where device_id = any(${list}::int[])`)
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

    /**
     * A page of the visible devices, filtered and sorted, with the total that matches: two
     * statements, run side by side (after the products' ids, when filtering by type or model).
     * The page picks its ids in a subquery (walking an index in the sort's order where there is
     * one, so it stops after the page) and joins only those to their product, project and
     * telemetry; the total is an index-only count.
     */
    async list(
      visibility: DeviceVisibility,
      request: DeviceListRequest,
      projectIds: number[] | undefined,
      onlyIds?: number[],
    ) {
      const keyword = request.keyword?.trim()
      const pattern = keyword ? `%${keyword.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : undefined
      // The products' ids go in as values, not a subquery, so the planner can estimate them.
      const productIds =
        request.type || request.model ? await this.productIds(request.type, request.model) : undefined
      const where = and(
        visibleCondition(visibility),
        projectIds ? inArray(devices.projectId, projectIds) : undefined,
        onlyIds ? (onlyIds.length > 0 ? inArray(devices.id, onlyIds) : sql`false`) : undefined,
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
      // Nulls count as the smallest value, so ascending is descending reversed: one index
      // (x desc nulls last, id desc nulls last) serves both directions.
      const direction = sql.raw(request.order === 'asc' ? 'asc nulls first' : 'desc nulls last')
      const bySample = request.sort === 'uptime' || request.sort === 'clients'
      // Sorting by telemetry walks its index from the latest-telemetry rows (every device has
      // one); sorting by product needs the products; otherwise the devices alone.
      const candidates = bySample
        ? db
            .select({ id: devices.id })
            .from(deviceMetricsLatest)
            .innerJoin(devices, eq(devices.id, deviceMetricsLatest.deviceId))
        : request.sort === 'model'
          ? db
              .select({ id: devices.id })
              .from(devices)
              .innerJoin(products, eq(products.id, devices.productId))
          : db.select({ id: devices.id }).from(devices)
      const tieBreaker = bySample ? deviceMetricsLatest.deviceId : devices.id
      const order = column
        ? [sql`${column} ${direction}`, sql`${tieBreaker} ${direction}`]
        : [desc(devices.id)]
      const pageIds = candidates
        .where(where)
        .orderBy(...order)
        .limit(request.pageOffset)
        .offset((request.pageIndex - 1) * request.pageOffset)
      const counting = db.select({ n: count() }).from(devices).where(where)
      // The total rides on the page's rows: one statement, so a console refreshing the list
      // takes one of its connections once (docs/decisions.md, "The embedded database's
      // connections"). A page past the end has no rows to carry it and asks for it alone.
      const rows = await listRows({ total: sql<number>`(${counting})`.mapWith(Number) })
        .where(inArray(devices.id, pageIds))
        .orderBy(...order)
      const total = rows[0]?.total ?? (await counting)[0]?.n ?? 0
      return { rows, total }
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
      const [row] = await listRows().where(eq(devices.id, id))
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

    /**
     * Devices with their model and its capabilities (an upgrade order's candidates and its judge),
     * among the visible ones (none given: any device), by id or by project.
     */
    async withProducts(
      visibility: DeviceVisibility | undefined,
      filter: { ids?: number[]; projectIds?: number[] },
    ) {
      if (filter.ids?.length === 0 || filter.projectIds?.length === 0) return []
      return db
        .select({
          id: devices.id,
          mac: devices.mac,
          name: devices.name,
          thing: devices.thingName,
          tenantId: devices.tenantId,
          status: devices.status,
          statusChangedAt: devices.statusChangedAt,
          firmware: devices.firmware,
          productId: devices.productId,
          model: products.model,
          capabilities: products.capabilities,
        })
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .where(
          and(
            visibility ? visibleCondition(visibility) : undefined,
            filter.ids ? inArray(devices.id, filter.ids) : undefined,
            filter.projectIds ? inArray(devices.projectId, filter.projectIds) : undefined,
          ),
        )
        .orderBy(devices.id)
    },
  }
}

export type DeviceListRow = NonNullable<Awaited<ReturnType<ReturnType<typeof devicesRepository>['listRow']>>>
