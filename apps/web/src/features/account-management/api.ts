import type { DeviceFunction, MenuSection } from '@canopy/shared/permissions'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import { fetchDeviceList } from '../devices/api'

/** §3 account, as the child-account list and info return it. */
export interface ChildAccount {
  uid: number
  username: string
  nickname: string | null
  email: string | null
  country_code: string | null
  phone: string | null
  address: string | null
  /** 1 enabled, 0 disabled */
  status: 0 | 1
  /** 1 operator, 2 administrator */
  level: number
  bindWechat: 0 | 1
  /** ISO 8601 */
  created_at: string
  last_login_at: string | null
  roles: { id: number; name: string }[]
  projects: { gid: number; name: string }[]
}

export interface ChildListRequest {
  pageIndex: number
  pageOffset: number
  keyword?: string
  status?: 0 | 1
}

export interface ChildList {
  total: number
  list: ChildAccount[]
}

/** Every optional field is sent; '' clears it. */
export interface ChildProfile {
  nickname: string
  email: string
  country_code: string
  phone: string
  address: string
  level: number
  role_ids: number[]
}

export interface ChildAddRequest extends ChildProfile {
  username: string
  password: string
  confirm_password: string
}

export interface ChildSaveRequest extends ChildProfile {
  uid: number
  status: 0 | 1
}

export interface ChildPasswordResetRequest {
  uids: number[]
  password: string
  confirm_password: string
}

/** A device as a role names it, and as the role form's device search offers it. */
export interface RoleDevice {
  id: number
  mac: string
  name: string | null
}

/** §3 role (primary accounts only). */
export interface Role {
  id: number
  name: string
  menus: MenuSection[]
  device_functions: DeviceFunction[]
  guest: 0 | 1
  /** the projects it manages, each with its sub-projects */
  project_ids: number[]
  /** the devices it manages one by one, beside its projects */
  device_ids: number[]
  devices: RoleDevice[]
  account_count: number
  /** §3 managed device count: its projects' devices and its own, each once */
  device_count: number
  created_at: string
}

export interface RoleRequest {
  name: string
  menus: MenuSection[]
  device_functions: DeviceFunction[]
  project_ids: number[]
  device_ids: number[]
  guest: boolean
}

/** How many matches the role form's device search shows at once. */
export const DEVICE_SEARCH_SIZE = 20

/** The save call for an account as it is: change what you need, the rest is sent unchanged. */
export function saveRequestFor(account: ChildAccount): ChildSaveRequest {
  return {
    uid: account.uid,
    nickname: account.nickname ?? '',
    email: account.email ?? '',
    country_code: account.country_code ?? '',
    phone: account.phone ?? '',
    address: account.address ?? '',
    level: account.level,
    status: account.status,
    role_ids: account.roles.map((role) => role.id),
  }
}

export const accountManagementKeys = {
  all: ['accountManagement'] as const,
  children: () => [...accountManagementKeys.all, 'children'] as const,
  childList: (request: ChildListRequest) => [...accountManagementKeys.children(), 'list', request] as const,
  childCount: () => [...accountManagementKeys.children(), 'count'] as const,
  roles: () => [...accountManagementKeys.all, 'roles'] as const,
  deviceSearch: (keyword: string) => [...accountManagementKeys.all, 'deviceSearch', keyword] as const,
}

export function useChildAccounts(request: ChildListRequest) {
  return useQuery({
    queryKey: accountManagementKeys.childList(request),
    queryFn: ({ signal }) => api.post<ChildList>('backend/user/child/list', request, { signal }),
    // Paging and filtering keep the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  })
}

export function useChildCount() {
  return useQuery({
    queryKey: accountManagementKeys.childCount(),
    queryFn: ({ signal }) =>
      api.get<{ total: number; enabled: number }>('backend/user/child/count', undefined, { signal }),
  })
}

/** GET backend/user/child/info: one child account, as the list shows it. */
export function fetchChildAccount(uid: number, signal?: AbortSignal): Promise<ChildAccount> {
  return api.get<ChildAccount>('backend/user/child/info', { uid }, { signal })
}

export function useRoles() {
  return useQuery({
    queryKey: accountManagementKeys.roles(),
    queryFn: ({ signal }) => api.get<Role[]>('backend/role/all', undefined, { signal }),
  })
}

/** The tenant's devices whose name or MAC contains the keyword, through the device list call (§7). */
export function useDeviceSearch(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: accountManagementKeys.deviceSearch(keyword),
    enabled,
    queryFn: async ({ signal }) => {
      const request = { pageIndex: 1, pageOffset: DEVICE_SEARCH_SIZE, ...(keyword ? { keyword } : {}) }
      const page = await fetchDeviceList(request, signal)
      return page.list.map(({ id, mac, name }): RoleDevice => ({ id, mac, name }))
    },
    placeholderData: keepPreviousData,
  })
}

/** Accounts show their roles and roles count their accounts: a change to either refreshes both. */
function useAccountMutation<TRequest, TResult>(call: (request: TRequest) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountManagementKeys.all }),
  })
}

export function useAddChild() {
  return useAccountMutation((request: ChildAddRequest) =>
    api.post<{ uid: number }>('backend/user/child/add', request),
  )
}

export function useSaveChild() {
  return useAccountMutation((request: ChildSaveRequest) =>
    api.post<ChildAccount>('backend/user/child/save', request),
  )
}

export function useResetChildPasswords() {
  return useAccountMutation((request: ChildPasswordResetRequest) =>
    api.post<null>('backend/user/child/resetspassword', request),
  )
}

export function useDeleteChildren() {
  return useAccountMutation((uids: number[]) => api.post<null>('backend/user/child/deletes', { uids }))
}

export function useAddRole() {
  return useAccountMutation((request: RoleRequest) => api.post<{ id: number }>('backend/role/add', request))
}

export function useSaveRole() {
  return useAccountMutation((request: RoleRequest & { id: number }) =>
    api.post<Role>('backend/role/save', request),
  )
}

export function useDeleteRole() {
  return useAccountMutation((id: number) => api.get<null>('backend/role/delete', { id }))
}
