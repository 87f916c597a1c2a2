import type { Language } from '@canopy/shared/i18n/languages'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import { authKeys } from '../auth/api'

/** GET backend/user/info: the signed-in account's profile. */
export interface Profile {
  uid: number
  username: string
  nickname: string | null
  email: string
  country_code: string | null
  phone: string | null
  address: string | null
  status: number
  is_primary: 0 | 1
  level: number
  bindWechat: 0 | 1
  /** ISO 8601 */
  created_at: string
  last_login_at: string | null
}

/** Blank optional fields are sent as '' ("none"), not left out. */
export interface ProfileSaveRequest {
  nickname: string
  email: string
  country_code: string
  phone: string
  address: string
}

export interface PasswordChangeRequest {
  old_password: string
  new_password: string
  confirm_password: string
}

export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
}

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>('backend/user/info', undefined, { signal })
}

export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => fetchProfile(signal),
  })
}

export function useSaveProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: ProfileSaveRequest) => api.post<Profile>('backend/user/save', request),
    onSuccess: (profile) => {
      queryClient.setQueryData(accountKeys.profile(), profile)
      // The current user carries the display name too.
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() })
    },
  })
}

/** Keeps the console language the user switched to with the account: its pushes are written in it. */
export function saveLanguage(language: Language): Promise<null> {
  return api.post<null>('backend/user/language', { language })
}

/** The server ends the user's other sessions; this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (request: PasswordChangeRequest) => api.post<null>('backend/user/password/save', request),
  })
}
