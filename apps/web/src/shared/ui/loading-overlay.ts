import { useSyncExternalStore } from 'react'

/** §4 loading overlay: shown or hidden from anywhere (a page, the API client), with its own text and background. */
export interface LoadingState {
  readonly visible: boolean
  readonly text?: string | undefined
  readonly background?: string | undefined
}

const HIDDEN: LoadingState = { visible: false }
let state: LoadingState = HIDDEN
const listeners = new Set<() => void>()

function publish(next: LoadingState) {
  state = next
  for (const listener of listeners) listener()
}

export function showLoading(options: { text?: string; background?: string } = {}): void {
  publish({ visible: true, text: options.text, background: options.background })
}

export function hideLoading(): void {
  if (state.visible) publish(HIDDEN)
}

export function useLoadingState(): LoadingState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}
