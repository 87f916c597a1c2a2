import { ErrorCode } from '@canopy/shared/errors'
import { can } from '@canopy/shared/permissions'
import {
  portalPageAddRequest,
  portalPageListRequest,
  portalPageQuery,
  portalPageSaveRequest,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { PortalPagesService } from './pages.service'

/** §8's own messages for the page's broken rules: "invalid title or prompt", "guide address error". */
const PAGE_CODES = {
  'validation.title_tips': ErrorCode.TITLE_OR_PROMPT_INVALID,
  'validation.text50_tips': ErrorCode.TITLE_OR_PROMPT_INVALID,
  'validation.url_tips': ErrorCode.GUIDE_ADDRESS_ERROR,
  'validation.url_empty': ErrorCode.GUIDE_ADDRESS_ERROR,
  'validation.guide_url_tips': ErrorCode.GUIDE_ADDRESS_ERROR,
} as const

/** /auth/portal is primary-only (§2); the picture upload is beside them (picture-upload.routes.ts). */
export function pagesRoutes({ pages }: { pages: PortalPagesService }) {
  return [
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/page/list',
      body: portalPageListRequest,
      handler: ({ principal, body }) => pages.list(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/portal/page/info',
      query: portalPageQuery,
      handler: ({ principal, query }) => pages.info(principal, query.id),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/page/add',
      body: portalPageAddRequest,
      validationCodes: PAGE_CODES,
      handler: ({ principal, body }) => pages.add(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/page/save',
      body: portalPageSaveRequest,
      validationCodes: PAGE_CODES,
      handler: ({ principal, body }) => pages.save(principal, body),
    }),
    signedInRoute({
      permission: can.primary,
      method: 'POST',
      path: '/backend/portal/page/delete',
      body: portalPageQuery,
      handler: async ({ principal, body }) => {
        await pages.remove(principal, body.id)
        return null
      },
    }),
    signedInRoute({
      permission: can.primary,
      method: 'GET',
      path: '/backend/portal/picture',
      query: portalPageQuery,
      handler: ({ principal, query }) => pages.picture(principal, query.id),
    }),
  ]
}
