import { z } from 'zod'
import { CHILD_LEVELS, DEVICE_FUNCTIONS, guestMay, MENU_SECTIONS } from '../permissions'
import {
  accountName,
  address,
  email,
  nickname,
  optionalCountryCode,
  optionalPhone,
  passwordsMatch,
  phoneComplete,
  userPassword,
} from './accounts'
import { idOf, integer, requiredText, text } from './core'

// §5 "Accounts and credentials" for child accounts, and the role and project rules.

export const ROLE_NAME_PATTERN = /^[A-Za-z0-9_\-\u4e00-\u9fa5]{1,10}$/
export const PROJECT_NAME_PATTERN = /^[A-Za-z0-9_@\u4e00-\u9fa5]{1,10}$/
export const PROJECT_MAX_DEPTH = 5
export const DIRECTOR_MAX = 20
export const REMARK_MAX = 50
export const PAGE_SIZE_MAX = 100
/** A page deep enough for any list a tenant holds, and shallow enough that its offset is a 32-bit number. */
export const PAGE_INDEX_MAX = 1_000_000
/** The most ids one request may name: the default device limit of a tenant (DEVICE_LIMIT). */
export const ID_LIST_MAX = 10_000

export const roleName = requiredText('validation.role_name_tips').regex(ROLE_NAME_PATTERN, {
  error: 'validation.role_name_tips',
})
export const projectName = requiredText('validation.project_name_tips').regex(PROJECT_NAME_PATTERN, {
  error: 'validation.project_name_tips',
})
export const director = text().max(DIRECTOR_MAX, { error: 'validation.director_tips' })
export const remark = text().max(REMARK_MAX, { error: 'validation.remark_tips' })

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional())

/** A database id as it arrives in a body (number) or a query string (text); see `idOf`. */
export const id = idOf('validation.id_tips')
export const idList = z
  .array(id, { error: 'validation.id_tips' })
  .max(ID_LIST_MAX, { error: 'validation.id_tips' })
/** Batch operations take at least one item (§5). */
export const selection = idList.min(1, { error: 'validation.select_one' })

/** §5 paging: which page (from 1), and how many rows a page holds (1–100). */
export const pageNumber = integer(1, PAGE_INDEX_MAX, 'validation.page_tips')
export const pageSize = integer(1, PAGE_SIZE_MAX, 'validation.page_tips')
/** A list's paging, the first page of ten when not asked. */
export const page = { pageIndex: pageNumber.default(1), pageOffset: pageSize.default(10) }

// Projects

const projectDetails = {
  name: projectName,
  address: optional(address),
  director: optional(director),
  remark: optional(remark),
}

export const projectAddRequest = z.object({ ...projectDetails, pid: id })
export const projectSaveRequest = z.object({ ...projectDetails, gid: id, pid: id.optional() })
export const projectQuery = z.object({ gid: id })
export const projectTreeQuery = z.object({ tree: z.enum(['0', '1']).optional() })

// Roles

export const roleSaveFields = {
  name: roleName,
  menus: z.array(z.enum(MENU_SECTIONS, { error: 'validation.invalid_choice' })),
  device_functions: z.array(z.enum(DEVICE_FUNCTIONS, { error: 'validation.invalid_choice' })),
  project_ids: idList,
  /** devices the role manages one by one, beside its projects (§3, §6); none when left out */
  device_ids: idList.default([]),
  guest: z.boolean().default(false),
}
/** A guest role grants viewing only (§6: a guest cannot operate). */
export function guestViewsOnly(role: { guest?: boolean; device_functions: readonly string[] }): boolean {
  return !role.guest || role.device_functions.every(guestMay)
}
const guestRule = { error: 'validation.guest_view_only', path: ['device_functions'] }

export const roleAddRequest = z.object(roleSaveFields).refine(guestViewsOnly, guestRule)
export const roleSaveRequest = z.object({ ...roleSaveFields, id }).refine(guestViewsOnly, guestRule)
export const roleQuery = z.object({ id })

// Child accounts

/** A child account is bound to one role at least (§6). */
export const roleIds = idList.min(1, { error: 'validation.role_required' })
export const childLevel = z.union(
  CHILD_LEVELS.map((level) => z.literal(level)),
  {
    error: 'validation.invalid_choice',
  },
)
export const accountStatus = z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid_choice' })

const childProfile = {
  nickname: optional(nickname),
  email: optional(email),
  country_code: optionalCountryCode,
  phone: optionalPhone,
  address: optional(address),
  level: childLevel,
  role_ids: roleIds,
}
const confirmMatches = { error: 'validation.pwd_confirm_error', path: ['confirm_password'] }
const phoneTogether = { error: 'validation.phone_cc_together', path: ['phone'] }

export const childAddRequest = z
  .object({
    ...childProfile,
    username: accountName,
    password: userPassword,
    confirm_password: text('validation.pwd_confirm_error'),
  })
  .refine((v) => passwordsMatch(v.password, v.confirm_password), confirmMatches)
  .refine(phoneComplete, phoneTogether)

export const childSaveRequest = z
  .object({ ...childProfile, uid: id, status: accountStatus })
  .refine(phoneComplete, phoneTogether)

export const childPasswordResetRequest = z
  .object({ uids: selection, password: userPassword, confirm_password: text() })
  .refine((v) => passwordsMatch(v.password, v.confirm_password), confirmMatches)

export const childDeleteRequest = z.object({ uids: selection })
export const childQuery = z.object({ uid: id })
export const childListRequest = z.object({
  ...page,
  keyword: text().max(50).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
})

export type ProjectAddRequest = z.infer<typeof projectAddRequest>
export type ProjectSaveRequest = z.infer<typeof projectSaveRequest>
export type RoleAddRequest = z.infer<typeof roleAddRequest>
export type RoleSaveRequest = z.infer<typeof roleSaveRequest>
export type ChildAddRequest = z.infer<typeof childAddRequest>
export type ChildSaveRequest = z.infer<typeof childSaveRequest>
export type ChildListRequest = z.infer<typeof childListRequest>
