import { randomBytes } from 'node:crypto'
import { ErrorCode } from '@canopy/shared/errors'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { violatedUniqueConstraint } from '../../db/errors'
import { AppError } from '../../http/app-error'
import { devicesRepository } from '../devices/devices.repository'
import { type ProductRow, productsRepository } from '../devices/products.repository'
import { tenantsRepository } from '../devices/tenants.repository'
import { accountsRepository } from '../users/accounts.repository'
import type { OperatorProduct } from './operator.schemas'

/** The platform operators' side: the product catalogue, and a few account settings. */
export class OperatorService {
  constructor(private readonly deps: { db: Database }) {}

  async listProducts() {
    return (await productsRepository(this.deps.db).list()).map(describeProduct)
  }

  /** Adds a product, or — with the same model — updates it; a new product gets a key and secret. */
  async saveProduct(product: OperatorProduct) {
    try {
      return await this.writeProduct(product)
    } catch (error) {
      // Another import added the same model between our read and our insert: ours is its update.
      if (violatedUniqueConstraint(error) === 'products_model_unique') return this.writeProduct(product)
      if (violatedUniqueConstraint(error)) throw new AppError(ErrorCode.INVALID_PARAMETER)
      throw error
    }
  }

  private async writeProduct(product: OperatorProduct) {
    const products = productsRepository(this.deps.db)
    const existing = await products.findByModel(product.model)
    const values = {
      model: product.model,
      name: product.name,
      type: product.type,
      published: product.published,
      capabilities: product.capabilities,
      macPrefixes: product.mac_prefixes.map((prefix) => prefix.toUpperCase()),
      productKey: product.product_key ?? existing?.productKey ?? `pk_${randomBytes(8).toString('hex')}`,
      productSecret:
        product.product_secret ?? existing?.productSecret ?? randomBytes(24).toString('base64url'),
      options: product.options ?? existing?.options ?? {},
    }
    if (existing) await products.update(existing.id, values)
    else await products.insert(values)
    const saved = (await products.findByModel(product.model))!
    return { ...describeProduct(saved), product_secret: saved.productSecret }
  }

  async setPublished(model: string, published: boolean) {
    const products = productsRepository(this.deps.db)
    const product = await products.findByModel(model)
    if (!product) throw new AppError(ErrorCode.PRODUCT_NOT_FOUND)
    await products.update(product.id, { published })
    return describeProduct({ ...product, published })
  }

  async listDevices(unboundOnly: boolean) {
    const rows = await this.deps.db.execute<{
      mac: string
      thing_name: string
      model: string
      status: string
      tenant_id: number | null
    }>(sql`
      select d.mac, d.thing_name, p.model, d.status, d.tenant_id from devices d join products p on p.id = d.product_id
      ${unboundOnly ? sql`where d.tenant_id is null` : sql``}
      order by d.id limit 1000`)
    return rows.rows
  }

  async setDeveloper(username: string, developer: boolean) {
    const accounts = accountsRepository(this.deps.db)
    const account = await accounts.findByUsername(username)
    if (!account) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND)
    await accounts.update(account.id, { isDeveloper: developer })
    return { username: account.username, developer }
  }

  async setDeviceLimit(username: string, limit: number | null) {
    const account = await accountsRepository(this.deps.db).findByUsername(username)
    if (!account) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND)
    await tenantsRepository(this.deps.db).setDeviceLimit(account.tenantId, limit)
    return {
      username: account.username,
      limit,
      bound: await devicesRepository(this.deps.db).countForTenant(account.tenantId),
    }
  }
}

function describeProduct(product: ProductRow) {
  return {
    model: product.model,
    name: product.name,
    type: product.type,
    published: product.published,
    capabilities: product.capabilities,
    mac_prefixes: product.macPrefixes,
    product_key: product.productKey,
    options: product.options,
  }
}
