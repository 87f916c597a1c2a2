/**
 * The permission model of spec §6, shared by the server (the authority) and the console (which
 * hides what the caller may not do).
 *
 * - A primary account may do everything in its tenant.
 * - A child account may do what its roles grant: console sections (menu permissions), device
 *   functions, over the projects (and their sub-projects) the roles manage.
 * - A child's level decides the admin-only capabilities (upgrade and template management):
 *   level 1 (operator) loses them, level 2 (administrator) keeps them. A primary account has
 *   level 0.
 * - A guest (an account bound to a guest role) sees but cannot operate: no device function but
 *   "view", no change to projects, no transfer between groups.
 */

/** Console sections a role can grant (§2 frame sections that are not primary-only). */
export const MENU_SECTIONS = ['home', 'device', 'project', 'maintain', 'auth'] as const
export type MenuSection = (typeof MENU_SECTIONS)[number]

/** Device operations a role can grant (§6 "device function permissions"). */
export const DEVICE_FUNCTIONS = [
  'view',
  'bind',
  'edit',
  'reboot',
  'upgrade',
  'backup',
  'portal',
  'move',
  'unbind',
  'delete',
] as const
export type DeviceFunction = (typeof DEVICE_FUNCTIONS)[number]

export const PRIMARY_LEVEL = 0
export const OPERATOR_LEVEL = 1
export const ADMINISTRATOR_LEVEL = 2
/** Levels a child account can have. */
export const CHILD_LEVELS = [OPERATOR_LEVEL, ADMINISTRATOR_LEVEL] as const

/**
 * The admin-only capabilities of §2/§6 that are device functions: upgrade management. (Template
 * management is the other admin-only capability: `can.manageTemplates`, a maintain permission.)
 */
export const ADMIN_ONLY_FUNCTIONS: readonly DeviceFunction[] = ['upgrade']

/** §2 guard, §6: level 1 (operator) loses the admin-only capabilities; every other level keeps them. */
export function keepsAdminCapabilities(level: number): boolean {
  return level !== OPERATOR_LEVEL
}

/** §6 "a guest cannot operate": the only device function a guest may have is viewing. */
export function guestMay(fn: string): boolean {
  return fn === 'view'
}

/** What the caller may do, as the current-user call reports it. */
export interface Grants {
  readonly primary: boolean
  readonly guest: boolean
  readonly level: number
  readonly menus: readonly MenuSection[]
  readonly deviceFunctions: readonly DeviceFunction[]
}

/** What a call needs. Every signed-in route declares one. */
export type Permission =
  /** any signed-in account, about itself */
  | { readonly kind: 'anyone' }
  /** the tenant's primary (master) account */
  | { readonly kind: 'primary' }
  /**
   * a console section; `operate` also refuses guests, `adminOnly` refuses level 1 (§6: template
   * management)
   */
  | {
      readonly kind: 'menu'
      readonly section: MenuSection
      readonly operate?: boolean
      readonly adminOnly?: boolean
    }
  /** a device function; anything but 'view' refuses guests, admin-only ones refuse level 1 */
  | { readonly kind: 'device'; readonly fn: DeviceFunction }

export const can = {
  anyone: { kind: 'anyone' },
  primary: { kind: 'primary' },
  view: (section: MenuSection): Permission => ({ kind: 'menu', section }),
  operate: (section: MenuSection): Permission => ({ kind: 'menu', section, operate: true }),
  device: (fn: DeviceFunction): Permission => ({ kind: 'device', fn }),
  /** §2 /maintain/tpl, §6: template management, admin-only (level 1 loses it), never a guest's */
  manageTemplates: { kind: 'menu', section: 'maintain', operate: true, adminOnly: true },
} as const satisfies Record<string, Permission | ((arg: never) => Permission)>

/** Whether grants allow a permission (scope — which projects, which devices — is checked apart). */
export function permits(grants: Grants, permission: Permission): boolean {
  if (grants.primary) return true
  switch (permission.kind) {
    case 'anyone':
      return true
    case 'primary':
      return false
    case 'menu':
      return (
        grants.menus.includes(permission.section) &&
        !(permission.operate && grants.guest) &&
        !(permission.adminOnly && !keepsAdminCapabilities(grants.level))
      )
    case 'device':
      return (
        grants.menus.includes('device') &&
        grants.deviceFunctions.includes(permission.fn) &&
        !(grants.guest && !guestMay(permission.fn)) &&
        !(ADMIN_ONLY_FUNCTIONS.includes(permission.fn) && !keepsAdminCapabilities(grants.level))
      )
  }
}

export const PRIMARY_GRANTS: Grants = {
  primary: true,
  guest: false,
  level: PRIMARY_LEVEL,
  menus: MENU_SECTIONS,
  deviceFunctions: DEVICE_FUNCTIONS,
}
