import type { PortalPage, PortalPageForm } from './api'

export const NEW_PAGE: PortalPageForm = {
  display_type: 'banner',
  title: '',
  tips: '',
  banner_picture: null,
  tips_picture: null,
  guide_url: 'https://',
  scheme: 'blue',
}

export function pageFormValues({ id: _id, created_at: _created, ...values }: PortalPage): PortalPageForm {
  return values
}
