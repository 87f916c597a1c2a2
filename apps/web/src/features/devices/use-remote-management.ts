import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import '../../shared/i18n/device-operations-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import type { Device } from './api'
import { useRemoteLink } from './operations-api'

export type RemoteService = 'web' | 'diag'

/**
 * Opens a device's remote management page (web: /manager1) or its diagnostics (diag: /manager2)
 * in a new tab, through a fresh signed link. The tab is opened at the click, before the link
 * arrives, since browsers block a tab opened later than the user's gesture.
 */
export function useRemoteManagement(): (device: Device, service: RemoteService) => void {
  const { t } = useTranslation()
  const link = useRemoteLink()

  return (device, service) => {
    const tab = window.open('', '_blank')
    if (!tab) {
      void toast.error(t('deviceOperations.remote.popupBlocked'))
      return
    }
    // The new tab must not reach back into the console through window.opener.
    tab.opener = null
    link.mutateAsync({ id: device.id, service }).then(
      (answer) => tab.location.replace(new URL(answer.url, window.location.origin).href),
      (error: unknown) => {
        tab.close()
        if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
      },
    )
  }
}
