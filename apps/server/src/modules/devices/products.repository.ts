import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { products } from '../../db/schema'

export type ProductRow = typeof products.$inferSelect

export function productsRepository(db: Executor) {
  return {
    /** The product whose MAC prefix the MAC starts with (the longest prefix wins). */
    async findByMac(mac: string): Promise<ProductRow | undefined> {
      const [row] = await db
        .select()
        .from(products)
        .where(
          sql`exists (select 1 from unnest(${products.macPrefixes}) as prefix where ${mac} like prefix || '%')`,
        )
        .orderBy(
          sql`(select max(length(prefix)) from unnest(${products.macPrefixes}) as prefix where ${mac} like prefix || '%') desc`,
        )
        .limit(1)
      return row
    },

    async findById(id: number): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id))
      return row
    },

    async findByKey(productKey: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.productKey, productKey))
      return row
    },

    async findByModel(model: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.model, model))
      return row
    },

    async list(): Promise<ProductRow[]> {
      return db.select().from(products).orderBy(products.type, products.model)
    },

    async insert(values: typeof products.$inferInsert): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning()
      return row!
    },

    async update(id: number, values: Partial<typeof products.$inferInsert>): Promise<void> {
      await db.update(products).set(values).where(eq(products.id, id))
    },
  }
}
