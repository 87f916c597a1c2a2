import type { Database } from '../../db/client'
import type { ShadowService } from '../../gateway/shadow/shadow.service'
import type { DevicesService } from '../devices/devices.service'
import type { SettingsService } from '../settings/settings.service'
import { devicePortalRoutes } from './device-portal.routes'
import { DevicePortalService } from './device-portal.service'
import { PortalPagesService } from './pages.service'
import { StrategiesService } from './strategies.service'

/** The portal of devices' SSIDs and projects' group roaming (§7 auth/*), on the settings sync. */
export function createDevicePortal(deps: {
  db: Database
  devices: DevicesService
  settings: SettingsService
  shadows: ShadowService
  guestBaseUrl: () => string
}) {
  const portals = new DevicePortalService({
    ...deps,
    pages: new PortalPagesService({ db: deps.db }),
    strategies: new StrategiesService({ db: deps.db }),
  })
  return { service: portals, routes: devicePortalRoutes({ portals }) }
}
