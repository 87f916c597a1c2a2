import type { ResetMailRequest } from './api'

/**
 * The last "forgot password" request of this tab, so /sendEmail can send it again, and when it
 * was sent, so the resend cool-down survives a reload.
 */
export interface RememberedResetRequest extends ResetMailRequest {
  sentAt: number
}

const KEY = 'canopy.resetRequest'

export function readResetRequest(
  storage: Storage = window.sessionStorage,
): RememberedResetRequest | undefined {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<RememberedResetRequest> | null
    if (typeof value?.username !== 'string' || typeof value.email !== 'string') return undefined
    return { username: value.username, email: value.email, sentAt: Number(value.sentAt) || 0 }
  } catch {
    return undefined
  }
}

export function saveResetRequest(request: RememberedResetRequest, storage: Storage = window.sessionStorage) {
  storage.setItem(KEY, JSON.stringify(request))
}
