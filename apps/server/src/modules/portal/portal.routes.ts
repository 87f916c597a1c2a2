import type { Database } from '../../db/client'
import type { RouteDefinition } from '../../http/route'
import { strategiesRoutes } from './strategies.routes'
import { StrategiesService } from './strategies.service'

/**
 * The console's portal-authentication settings (§2 /auth): strategies so far. Guest-facing calls
 * (the captive portal itself) are not here: they get their own surface, never mixed with the
 * console's login in modules/auth.
 */
export function portalRoutes({ db }: { db: Database }): RouteDefinition[] {
  return [...strategiesRoutes({ strategies: new StrategiesService({ db }) })]
}
