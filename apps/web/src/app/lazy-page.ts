import type { ComponentType } from 'react'
import { CHUNK_TIMEOUT_MS, withTimeout } from '../shared/chunk-timeout'

/**
 * A route's `lazy`: each page is its own chunk, loaded on first visit, with the §9 time-out.
 * `pick` names the page's export (pages use named exports).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await withTimeout(load(), CHUNK_TIMEOUT_MS)) })
}
