import { LOGIN_PATH } from '@canopy/shared/routes'
import { Modal } from 'antd'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { sessionChannel } from '../../shared/api'
import { session } from '../../shared/storage/session'
import { toast } from '../../shared/ui/feedback'
import { hideLoading, showLoading } from '../../shared/ui/loading-overlay'
import { destroyToken } from './api'

export interface Logout {
  /** asks for confirmation, then logs out */
  confirmLogout: () => void
  /** render it once: the confirmation dialog lives there */
  dialogs: ReactElement
}

/**
 * §2, §4: logout asks first, then calls the server, clears the tokens, the route item and the
 * rest of the stored session, and loads the login page afresh (no `redirect`). If the server
 * call fails, the user hears so, and is logged out locally all the same.
 */
export function useLogout(): Logout {
  const { t } = useTranslation()
  const [modal, dialogs] = Modal.useModal()

  async function logOut() {
    showLoading({ text: t('frame.loggingOut') })
    let failed = false
    try {
      await destroyToken()
    } catch {
      failed = true
    }
    session.clearAll()
    // Every tab of the browser shares the session: they all go to the login page.
    sessionChannel.announce({ kind: 'signedOut', reason: 'logout' })
    if (failed) {
      hideLoading()
      // Let the message be read before the reload takes it away.
      await toast.error(t('errors.logoutFailed'))
    }
    // The login page without the way back: the next person to sign in here starts at home,
    // not on the last user's page (its `redirect` would name it).
    window.location.replace(LOGIN_PATH)
  }

  function confirmLogout() {
    modal.confirm({
      title: t('frame.logoutTitle'),
      content: t('frame.logoutContent'),
      okText: t('frame.logout'),
      cancelText: t('common.cancel'),
      onOk: () => {
        void logOut()
      },
    })
  }

  return { confirmLogout, dialogs }
}
