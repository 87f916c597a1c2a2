import { queryOptions, useMutation } from '@tanstack/react-query'
import { api } from '../../shared/api'

export interface ResetMailRequest {
  username: string
  email: string
}

export interface ResetPasswordRequest {
  token: string
  password: string
  confirm_password: string
}

export const passwordKeys = {
  resetLink: (token: string) => ['password', 'resetLink', token] as const,
}

/** Forgot password: mails a reset link (to /resetpassword?token=…) to the account's address. */
export function useSendResetMail() {
  return useMutation({
    mutationFn: (request: ResetMailRequest) =>
      api.post<{ email: string }>('backend/user/password/sendmail', request, { anonymous: true }),
  })
}

/** Checks a reset link before the form is shown: LINK_INVALID or LINK_EXPIRED, or whose it is. */
export function resetLinkQuery(token: string) {
  return queryOptions({
    queryKey: passwordKeys.resetLink(token),
    queryFn: ({ signal }) =>
      api.post<{ username: string }>(
        'backend/user/password/checkmail',
        { token },
        { anonymous: true, signal },
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (request: ResetPasswordRequest) =>
      api.post<null>('backend/user/password/reset', request, { anonymous: true }),
  })
}
