import type { Database } from '../../db/client'
import type { ShadowService } from '../../gateway/shadow/shadow.service'
import type { DeviceRow } from '../devices/devices.repository'
import type { DevicesService } from '../devices/devices.service'
import type { SettingsService } from '../settings/settings.service'
import { devicePortalRoutes } from './device-portal.routes'
import { DevicePortalService } from './device-portal.service'
import { GuestAuthService, type GuestMethods } from './guest-auth.service'
import { guestDetailsRoutes } from './guest-details.routes'
import { GuestDetailsService } from './guest-details.service'
import { OpenNdsAuthmonService } from './opennds-authmon.service'
import { PortalPagesService } from './pages.service'
import { StrategiesService } from './strategies.service'

/**
 * The portal of devices' SSIDs and projects' group roaming (§7 auth/*), on the settings sync, and
 * the guests' authentication on them (for the guest surface, portal-guest/).
 */
export function createDevicePortal(deps: {
  db: Database
  devices: DevicesService
  settings: SettingsService
  shadows: ShadowService
  guestBaseUrl: () => string
  /** guests' logins: the tenant's methods (/auth/method) and bound devices by thing name */
  guestMethods: GuestMethods
  findDevice: (thing: string) => Promise<DeviceRow | undefined>
}) {
  const portals = new DevicePortalService({
    ...deps,
    pages: new PortalPagesService({ db: deps.db }),
    strategies: new StrategiesService({ db: deps.db }),
  })
  const guests = new GuestAuthService({
    db: deps.db,
    findDevice: deps.findDevice,
    methods: deps.guestMethods,
  })
  const details = new GuestDetailsService({ db: deps.db, devices: deps.devices })
  return {
    service: portals,
    guests,
    /** openNDS level 3: guests queued for their gateway's authmon */
    authmon: new OpenNdsAuthmonService({ db: deps.db }),
    routes: [...devicePortalRoutes({ portals }), ...guestDetailsRoutes({ details })],
  }
}
