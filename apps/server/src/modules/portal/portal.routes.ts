import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import type { RouteDefinition } from '../../http/route'
import type { AuthService } from '../auth/auth.service'
import { pagesRoutes } from './pages.routes'
import { PortalPagesService } from './pages.service'
import { registerPictureUpload } from './picture-upload.routes'
import { strategiesRoutes } from './strategies.routes'
import { StrategiesService } from './strategies.service'

/**
 * The console's portal-authentication settings (§2 /auth): strategies and portal pages. Guest-facing
 * calls (the captive portal itself) are not here: they get their own surface, never mixed with the
 * console's login in modules/auth.
 */
export function createPortal({ db }: { db: Database }) {
  const pages = new PortalPagesService({ db })
  return {
    routes: [
      ...strategiesRoutes({ strategies: new StrategiesService({ db }) }),
      ...pagesRoutes({ pages }),
    ] satisfies RouteDefinition[],
    /** the multipart picture upload, outside the JSON pipeline */
    registerRawRoutes: (
      http: FastifyInstance,
      deps: { apiRoot: string; auth: AuthService; operatorToken: string },
    ) => registerPictureUpload(http, { ...deps, pages }),
  }
}
