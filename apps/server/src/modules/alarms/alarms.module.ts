import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import type { DeviceEvents } from '../../gateway/device-events'
import type { Scheduler } from '../../scheduler/scheduler'
import type { DevicesService } from '../devices/devices.service'
import type { MessagesService } from '../messages/messages.service'
import type { ProjectDirectory } from '../projects/project-directory'
import type { UsersService } from '../users/users.service'
import { AlarmEngine } from './alarm-engine'
import { AlarmNotifier } from './alarm-notifier'
import { AlarmReceivers } from './alarm-receivers'
import { AlarmSettingsDirectory } from './alarm-settings-directory'
import { alarmsRoutes } from './alarms.routes'
import { AlarmsService } from './alarms.service'

/**
 * The alarms area's parts, built once for app.ts: the settings directory every report reads, the
 * receivers, the notifier (system messages), the engine on the device-event bus, the service and
 * its routes. `start` loads the open alarms and resumes what a previous process left.
 */
export function createAlarms(deps: {
  db: Database
  changes: ChangeFeed
  events: DeviceEvents
  scheduler: Scheduler
  devices: DevicesService
  users: Pick<UsersService, 'accountsOfTenants'>
  projects: ProjectDirectory
  messages: Pick<MessagesService, 'postEach'>
  reportError: (error: unknown, what: string) => void
}) {
  const { db, changes } = deps
  const settings = new AlarmSettingsDirectory({ db, changes, projects: deps.projects })
  const receivers = new AlarmReceivers({ db, users: deps.users, projects: deps.projects })
  const notifier = new AlarmNotifier({
    db,
    messages: deps.messages,
    devices: deps.devices,
    settings,
    receivers,
  })
  const engine = new AlarmEngine({
    db,
    events: deps.events,
    scheduler: deps.scheduler,
    changes,
    devices: deps.devices,
    settings,
    notifier,
    reportError: deps.reportError,
  })
  const service = new AlarmsService({ db, changes, devices: deps.devices, settings, receivers })
  return { service, engine, routes: alarmsRoutes({ alarms: service }), start: () => engine.start() }
}
