import { can } from '@canopy/shared/permissions'
import {
  projectAddRequest,
  projectQuery,
  projectSaveRequest,
  projectTreeQuery,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { ProjectsService } from './projects.service'

export function projectsRoutes({ projects }: { projects: ProjectsService }) {
  return [
    // Every tree picker needs it, so every signed-in account may read its own scope.
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/workgroup/all',
      query: projectTreeQuery,
      handler: ({ principal, query }) => projects.all(principal, query.tree === '1'),
    }),
    signedInRoute({
      permission: can.view('project'),
      method: 'GET',
      path: '/backend/workgroup/info',
      query: projectQuery,
      handler: ({ principal, query }) => projects.info(principal, query.gid),
    }),
    signedInRoute({
      permission: can.operate('project'),
      method: 'POST',
      path: '/backend/workgroup/add',
      body: projectAddRequest,
      handler: ({ principal, body }) => projects.add(principal, body),
    }),
    signedInRoute({
      permission: can.operate('project'),
      method: 'POST',
      path: '/backend/workgroup/save',
      body: projectSaveRequest,
      handler: ({ principal, body }) => projects.save(principal, body),
    }),
    signedInRoute({
      permission: can.operate('project'),
      method: 'GET',
      path: '/backend/workgroup/delete',
      query: projectQuery,
      handler: async ({ principal, query }) => {
        await projects.remove(principal, query.gid)
        return null
      },
    }),
  ]
}
