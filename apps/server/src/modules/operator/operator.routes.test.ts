import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorCall } from '../../../test/devices'
import { createTestApp, type TestApp } from '../../../test/test-app'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app.close()
})

describe('the product catalogue', () => {
  it('takes several imports of the same new model at once: one product, every import accepted', async () => {
    const model = `RACE-${randomBytes(4).toString('hex').toUpperCase()}`
    const product = { model, name: 'Raced', type: 'ap', mac_prefixes: ['02:EE:EE'], published: true }
    const imports = await Promise.all(
      Array.from({ length: 4 }, () =>
        operatorCall(app, 'POST', '/operator/products/import', { products: [product] }),
      ),
    )
    expect(imports.map((response) => response.envelope.status)).toEqual([10000, 10000, 10000, 10000])
    const listed = await operatorCall<{ model: string }[]>(app, 'GET', '/operator/products')
    expect(listed.envelope.data!.filter((row) => row.model === model)).toHaveLength(1)
  })
})
