import { useMutation } from '@tanstack/react-query'
import { api } from '../../shared/api'

export interface RegisterRequest {
  username: string
  password: string
  confirm_password: string
  email: string
  country_code?: string | undefined
  phone?: string | undefined
  agreement: true
}

export function useRegister() {
  return useMutation({
    mutationFn: (request: RegisterRequest) =>
      api.post<{ uid: number }>('backend/user/register', request, { anonymous: true }),
  })
}
