import { Outlet } from 'react-router'
import { useFirstPageShown } from '../shared/after-first-page'
import { LoadingOverlay } from '../shared/ui/LoadingOverlay'
import { useDocumentTitle } from './use-document-title'
import { useNavigationProgress } from './use-navigation-progress'

/** The root route's element: every page renders inside it. */
export function RootShell() {
  useNavigationProgress()
  useDocumentTitle()
  useFirstPageShown()
  return (
    <>
      <Outlet />
      <LoadingOverlay />
    </>
  )
}
