import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import type { RouteDefinition } from '../../http/route'
import type { AuthService } from '../auth/auth.service'
import { MembersService } from './members.service'
import { registerMemberImport } from './members-import.routes'
import { methodsRoutes } from './methods.routes'
import { MethodsService } from './methods.service'
import { pagesRoutes } from './pages.routes'
import { PortalPagesService } from './pages.service'
import { registerPictureUpload } from './picture-upload.routes'
import { SmsService } from './sms.service'
import { type SmsProvider, smsProviderFromEnvironment } from './sms-provider'
import { strategiesRoutes } from './strategies.routes'
import { StrategiesService } from './strategies.service'

interface Logger {
  warn(details: Record<string, unknown>, message: string): void
}

/**
 * The console's portal-authentication settings (§2 /auth): strategies, portal pages and methods
 * (with members and SMS quotas). Guest-facing calls (the captive portal itself) are not here: they
 * get their own surface, never mixed with the console's login in modules/auth, and call the
 * services this returns (`members.verify`, `sms.sendCode` / `sms.verifyCode`, `methods`).
 * The SMS provider is the environment's (SMS_PROVIDER_URL, docs/protocol.md) unless one is given.
 */
export function createPortal({
  db,
  log = console,
  smsProvider = smsProviderFromEnvironment(process.env),
}: {
  db: Database
  log?: Logger
  smsProvider?: SmsProvider | undefined
}) {
  const pages = new PortalPagesService({ db })
  const methods = new MethodsService({ db })
  const members = new MembersService({ db })
  const sms = new SmsService({ db, provider: smsProvider, log })
  return {
    methods,
    members,
    sms,
    routes: [
      ...strategiesRoutes({ strategies: new StrategiesService({ db }) }),
      ...pagesRoutes({ pages }),
      ...methodsRoutes({ methods, members }),
    ] satisfies RouteDefinition[],
    /** the multipart uploads (pictures, member imports), outside the JSON pipeline */
    registerRawRoutes: async (
      http: FastifyInstance,
      deps: { apiRoot: string; auth: AuthService; operatorToken: string },
    ) => {
      await registerPictureUpload(http, { ...deps, pages })
      await registerMemberImport(http, { ...deps, members })
    },
  }
}
