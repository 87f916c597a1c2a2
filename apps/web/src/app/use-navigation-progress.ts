import NProgress from 'nprogress'
import { useEffect } from 'react'
import { useNavigation } from 'react-router'
import './progress.css'

// NProgress's own markup marks the bar role="bar", which is no ARIA role (axe: aria-roles): the
// bar is found by its class instead and hidden from assistive technology (it is decoration; the
// page says what loads).
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 200,
  barSelector: '.bar',
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
})

/** §2: a progress bar while a navigation loads (guard, user info, page chunk). */
export function useNavigationProgress(): void {
  const busy = useNavigation().state !== 'idle'
  useEffect(() => {
    if (busy) NProgress.start()
    else NProgress.done()
  }, [busy])
}
