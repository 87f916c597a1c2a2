import { useEffect } from 'react'

/**
 * Downloads that no page needs to paint (the zod rules, antd's toaster, dayjs locales) wait
 * until the first page has painted, so they never compete with the first paint's chunks.
 */
let shown = false
const waiting: (() => void)[] = []

/** Runs `work` once the first page has painted (at once if it already has). */
export function afterFirstPage(work: () => void): void {
  if (shown) work()
  else waiting.push(work)
}

/** Releases the deferred work: the first page has painted, or something cannot wait (a toast). */
export function firstPageShown(): void {
  if (shown) return
  shown = true
  for (const work of waiting.splice(0)) work()
}

/** For the root shell: marks the first page shown once its first frame is on screen. */
export function useFirstPageShown(): void {
  useEffect(() => {
    // The animation frame comes before the paint; the timeout after it.
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(firstPageShown, 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
}
