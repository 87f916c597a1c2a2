import NProgress from 'nprogress'
import { useEffect } from 'react'
import { useNavigation } from 'react-router'
import './progress.css'

NProgress.configure({ showSpinner: false, trickleSpeed: 200 })

/** §2: a progress bar while a navigation loads (guard, user info, page chunk). */
export function useNavigationProgress(): void {
  const busy = useNavigation().state !== 'idle'
  useEffect(() => {
    if (busy) NProgress.start()
    else NProgress.done()
  }, [busy])
}
