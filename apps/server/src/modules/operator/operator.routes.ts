import { operatorRoute } from '../../http/route'
import type { RegistrationService } from '../devices/registration.service'
import {
  developerRequest,
  deviceLimitRequest,
  deviceListQuery,
  macRequest,
  operatorProduct,
  productImport,
  publishRequest,
} from './operator.schemas'
import type { OperatorService } from './operator.service'

/** The operator API the `npm run canopy` CLI calls (docs/operations.md, "Operator CLI"). */
export function operatorRoutes(deps: {
  operator: OperatorService
  registration: RegistrationService
  /** what the server is doing, for monitoring and benchmarks */
  metrics: () => unknown
}) {
  const { operator, registration } = deps
  return [
    operatorRoute({ method: 'GET', path: '/operator/metrics', handler: () => deps.metrics() }),
    operatorRoute({ method: 'GET', path: '/operator/products', handler: () => operator.listProducts() }),
    operatorRoute({
      method: 'POST',
      path: '/operator/products',
      body: operatorProduct,
      handler: ({ body }) => operator.saveProduct(body),
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/products/import',
      body: productImport,
      handler: async ({ body }) => {
        const saved = []
        for (const product of body.products) saved.push(await operator.saveProduct(product))
        return saved
      },
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/products/publish',
      body: publishRequest,
      handler: ({ body }) => operator.setPublished(body.model, body.published),
    }),
    operatorRoute({
      method: 'GET',
      path: '/operator/devices',
      query: deviceListQuery,
      handler: ({ query }) => operator.listDevices(query.unbound === '1'),
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/devices/provision',
      body: macRequest,
      handler: ({ body }) => registration.provision(body.mac),
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/devices/revoke',
      body: macRequest,
      handler: async ({ body }) => {
        await registration.revoke(body.mac)
        return null
      },
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/accounts/developer',
      body: developerRequest,
      handler: ({ body }) => operator.setDeveloper(body.username, body.developer),
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/tenants/device-limit',
      body: deviceLimitRequest,
      handler: ({ body }) => operator.setDeviceLimit(body.username, body.limit),
    }),
  ]
}
