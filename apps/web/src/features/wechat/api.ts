import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'
import { accountKeys } from '../account/api'
import { accountManagementKeys } from '../account-management/api'
import { authKeys } from '../auth/api'

/** GET backend/wechat/bind/qrcode: a temporary QR code whose scan binds the account. */
export interface WechatQrCode {
  uid: number
  /** what the QR code encodes */
  url: string
  ticket: string
  expire_seconds: number
}

/** `uid`: a child account of the signed-in primary; the signed-in account itself when undefined. */
export function fetchBindQrCode(uid: number | undefined, signal?: AbortSignal): Promise<WechatQrCode> {
  return api.get<WechatQrCode>('backend/wechat/bind/qrcode', uid === undefined ? undefined : { uid }, {
    signal,
  })
}

/** The places that show whether an account has WeChat bound. */
export function useRefreshWechatStatus() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
      queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }),
      queryClient.invalidateQueries({ queryKey: accountManagementKeys.children() }),
    ])
}

/** GET backend/wechat/unbind (`uid` as for the QR code). */
export function useUnbindWechat() {
  const refresh = useRefreshWechatStatus()
  return useMutation({
    mutationFn: (uid: number | undefined) =>
      api.get<null>('backend/wechat/unbind', uid === undefined ? undefined : { uid }),
    onSettled: refresh,
  })
}
