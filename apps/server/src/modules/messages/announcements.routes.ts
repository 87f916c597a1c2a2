import {
  announcementIdQuery,
  announcementListRequest,
  announcementPublishRequest,
} from '@canopy/shared/validation'
import { operatorRoute, publicRoute } from '../../http/route'
import type { AnnouncementsService } from './announcements.service'

/** §2 public /announcement_list and /announcement?id= (no login), and the operator's publishing. */
export function announcementsRoutes({ announcements }: { announcements: AnnouncementsService }) {
  return [
    publicRoute({
      method: 'POST',
      path: '/backend/announcement/list',
      body: announcementListRequest,
      handler: ({ body }) => announcements.list(body),
    }),
    publicRoute({
      method: 'GET',
      path: '/backend/announcement/info',
      query: announcementIdQuery,
      handler: ({ query }) => announcements.info(query.id),
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/announcements/publish',
      body: announcementPublishRequest,
      handler: ({ body }) => announcements.publish(body),
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/announcements/list',
      body: announcementListRequest,
      handler: ({ body }) => announcements.list(body),
    }),
    operatorRoute({
      method: 'POST',
      path: '/operator/announcements/delete',
      body: announcementIdQuery,
      handler: async ({ body }) => {
        await announcements.remove(body.id)
        return {}
      },
    }),
  ]
}
