import { can } from '@canopy/shared/permissions'
import {
  deviceSelection,
  projectTemplateSetRequest,
  templateCopyRequest,
  templateCreateRequest,
  templateDeleteRequest,
  templateFromDeviceRequest,
  templateListRequest,
  templateQuery,
  templateSaveRequest,
  templateSetRequest,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { TemplateApplication } from './template-application'
import type { TemplateStates } from './template-states'
import type { TemplatesService } from './templates.service'

/**
 * §2 /maintain/tpl (admin only, §6: level 1 loses it) and §7 tpl/set, child/tpl/set; the paths
 * beside those two are ours (docs/decisions.md). A device's template state is for whoever sees it.
 */
export function templatesRoutes(deps: {
  templates: TemplatesService
  application: TemplateApplication
  states: TemplateStates
}) {
  const { templates, application, states } = deps
  const manage = can.manageTemplates
  return [
    signedInRoute({
      permission: manage,
      method: 'POST',
      path: '/backend/device/tpl/list',
      body: templateListRequest,
      handler: ({ principal, body }) => templates.list(principal, body),
    }),
    signedInRoute({
      permission: manage,
      method: 'GET',
      path: '/backend/device/tpl/info',
      query: templateQuery,
      handler: ({ principal, query }) => templates.info(principal, query.id),
    }),
    signedInRoute({
      permission: manage,
      method: 'POST',
      path: '/backend/device/tpl/add',
      body: templateCreateRequest,
      handler: ({ principal, body }) => templates.create(principal, body.name, body.settings),
    }),
    signedInRoute({
      permission: manage,
      method: 'POST',
      path: '/backend/device/tpl/add/device',
      body: templateFromDeviceRequest,
      handler: ({ principal, body }) => templates.createFromDevice(principal, body.name, body.deviceId),
    }),
    signedInRoute({
      permission: manage,
      method: 'POST',
      path: '/backend/device/tpl/save',
      body: templateSaveRequest,
      handler: async ({ principal, body }) => {
        await templates.save(principal, body.id, body.name, body.settings)
        return {}
      },
    }),
    signedInRoute({
      permission: manage,
      method: 'POST',
      path: '/backend/device/tpl/copy',
      body: templateCopyRequest,
      handler: ({ principal, body }) => templates.copy(principal, body.id, body.name),
    }),
    signedInRoute({
      permission: manage,
      method: 'POST',
      path: '/backend/device/tpl/delete',
      body: templateDeleteRequest,
      handler: async ({ principal, body }) => {
        await templates.remove(principal, body.id)
        return {}
      },
    }),
    signedInRoute({
      permission: manage,
      method: 'POST',
      path: '/backend/device/tpl/set',
      body: templateSetRequest,
      handler: ({ principal, body }) => application.applyToDevices(principal, body.tplId, body.ids),
    }),
    signedInRoute({
      permission: manage,
      method: 'POST',
      path: '/backend/device/child/tpl/set',
      body: projectTemplateSetRequest,
      handler: async ({ principal, body }) => (await application.applyToProject(principal, body)) ?? {},
    }),
    signedInRoute({
      permission: can.device('view'),
      method: 'POST',
      path: '/backend/device/tpl/states',
      body: deviceSelection,
      handler: ({ principal, body }) => states.of(principal, body.ids),
    }),
  ]
}
