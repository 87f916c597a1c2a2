import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { type HintFlag, session } from '../../shared/storage/session'

/**
 * §4 first-time hint: unset → 1 (the user has no devices: show it) → 2 (dismissed, or the user
 * has devices: never again in this session). `deviceTotal` is undefined until it is known.
 */
export function decideHint(
  flag: HintFlag | undefined,
  deviceTotal: number | undefined,
): { show: boolean; save?: HintFlag } {
  if (flag === 2) return { show: false }
  if (deviceTotal === undefined) return { show: false }
  if (deviceTotal > 0) return { show: false, save: 2 }
  return flag === 1 ? { show: true } : { show: true, save: 1 }
}

// The flag lives in sessionStorage (cleared by logout); components hear of changes through this.
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function saveHint(flag: HintFlag) {
  if (session.readHint() === flag) return
  session.saveHint(flag)
  for (const listener of listeners) listener()
}

/** Whether the bubble shows beside a bind button, and how it is dismissed. */
export function useBindHint(deviceTotal: number | undefined): { open: boolean; dismiss: () => void } {
  const flag = useSyncExternalStore(subscribe, () => session.readHint())
  const decision = decideHint(flag, deviceTotal)
  useEffect(() => {
    if (decision.save) saveHint(decision.save)
  }, [decision.save])
  const dismiss = useCallback(() => saveHint(2), [])
  return { open: decision.show, dismiss }
}
