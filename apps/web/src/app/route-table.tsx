import { findRouteTrail } from '@canopy/shared/routes'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { lazyPage } from './lazy-page'
import { RouteErrorPage } from './RouteErrorPage'
import type { RouteHandle } from './use-document-title'

/** The title key a frame page takes from the shared route table. */
export function frameTitle(path: string): string {
  const route = findRouteTrail(path)?.at(-1)
  if (!route) throw new Error(`${path} is not in FRAME_ROUTES`)
  return route.title
}

/**
 * One page route: its own lazily loaded chunk, its title, and its own error boundary (so a
 * failed page inside the frame keeps the top bar and menu).
 */
export function pageRoute<M>(
  path: string,
  titleKey: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): RouteObject {
  const handle: RouteHandle = { titleKey }
  return { path, handle, lazy: lazyPage(load, pick), ErrorBoundary: RouteErrorPage }
}
