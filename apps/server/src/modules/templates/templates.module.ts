import type { Database } from '../../db/client'
import { SecretBox } from '../../db/secrets'
import type { DeviceEvents } from '../../gateway/device-events'
import type { ShadowService } from '../../gateway/shadow/shadow.service'
import type { Scheduler } from '../../scheduler/scheduler'
import type { DevicesService } from '../devices/devices.service'
import type { ProjectDirectory } from '../projects/project-directory'
import type { SettingsService } from '../settings/settings.service'
import { type RolloutJob, TemplateApplication } from './template-application'
import { TemplateStates } from './template-states'
import { templatesRoutes } from './templates.routes'
import { TemplatesService } from './templates.service'

/** A rollout's queue: durable, so a restart finishes what an edit or an automatic project began. */
export const TEMPLATE_ROLLOUT_QUEUE = 'template-rollout'

/** The templates area's parts, built once for app.ts: the service, application, states and routes. */
export async function createTemplates(deps: {
  db: Database
  shadows: ShadowService
  events: DeviceEvents
  scheduler: Scheduler
  devices: DevicesService
  projects: ProjectDirectory
  settings: SettingsService
}) {
  const queueRollout = async (job: RolloutJob) => {
    await deps.scheduler.send(TEMPLATE_ROLLOUT_QUEUE, job, { retryLimit: 5, retryDelaySeconds: 5 })
  }
  const templates: TemplatesService = new TemplatesService({
    db: deps.db,
    box: await SecretBox.open(deps.db, 'config-template-key'),
    devices: deps.devices,
    shadows: deps.shadows,
    rollOut: (tenantId, templateId) => application.rollOutTemplate(tenantId, templateId),
  })
  const application = new TemplateApplication({
    db: deps.db,
    templates,
    settings: deps.settings,
    devices: deps.devices,
    projects: deps.projects,
    events: deps.events,
    queueRollout,
  })
  await deps.scheduler.work<RolloutJob>(TEMPLATE_ROLLOUT_QUEUE, (job) =>
    application.reconcile(job.data.tenantId, job.data.projectIds),
  )
  const states = new TemplateStates({ db: deps.db, devices: deps.devices, settings: deps.settings })
  return {
    templates,
    application,
    states,
    routes: templatesRoutes({ templates, application, states }),
  }
}
