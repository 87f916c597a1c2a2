import { DEVICE_FUNCTIONS, type DeviceFunction, guestMay, type MenuSection } from '@canopy/shared/permissions'
import { type ConsoleRoute, FRAME_ROUTES } from '@canopy/shared/routes'
import type { FormRule } from 'antd'
import { loadRules } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'

/** A console section a role can grant, with the i18n key of its menu title. */
export interface GrantableSection {
  section: MenuSection
  titleKey: string
}

/**
 * The sections a role can grant: the route table's sections (home aside, every account has it).
 * Read from the table, so a section appears here as soon as its pages land.
 */
export function grantableSections(routes: readonly ConsoleRoute[] = FRAME_ROUTES): GrantableSection[] {
  return routes.flatMap((route) =>
    route.menu && route.menu !== 'home' ? [{ section: route.menu, titleKey: route.title }] : [],
  )
}

/** The i18n key of each device function's label. */
export const DEVICE_FUNCTION_LABELS = {
  view: 'roles.functions.view',
  bind: 'roles.functions.bind',
  edit: 'roles.functions.edit',
  reboot: 'roles.functions.reboot',
  upgrade: 'roles.functions.upgrade',
  backup: 'roles.functions.backup',
  portal: 'roles.functions.portal',
  move: 'roles.functions.move',
  unbind: 'roles.functions.unbind',
  delete: 'roles.functions.delete',
} as const satisfies Record<DeviceFunction, string>

/** The device functions in their catalogue order, each with whether a guest role may have it. */
export function deviceFunctionOptions(guest: boolean) {
  return DEVICE_FUNCTIONS.map((fn) => ({
    value: fn,
    label: translateKey(DEVICE_FUNCTION_LABELS[fn]),
    disabled: guest && !guestMay(fn),
  }))
}

/** Ticking "guest" unticks every device function a guest may not have (§6: a guest only views). */
export function functionsForGuest(functions: readonly DeviceFunction[], guest: boolean): DeviceFunction[] {
  return guest ? functions.filter(guestMay) : [...functions]
}

/** The shared guest rule (validation.guest_view_only), checked on the device functions. */
export function guestViewsOnlyRule(guestField = 'guest'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const { guestViewsOnly } = await loadRules()
      const role = { guest: Boolean(getFieldValue(guestField)), device_functions: (value ?? []) as string[] }
      if (!guestViewsOnly(role)) throw new Error(translateKey('validation.guest_view_only'))
    },
  })
}
