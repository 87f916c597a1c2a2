// First: no schema of the console may be defined before zod is told not to compile (CSP).
import '@canopy/shared/zod-jitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { wireApiHooks } from './app/api-hooks'
import { createQueryClient, Providers } from './app/Providers'
import { createRouter } from './app/router'
import { followOtherTabs } from './app/session-sync'
import { sessionChannel } from './shared/api'
import { announceFieldErrors } from './shared/forms/announce-field-errors'
import { initI18n } from './shared/i18n/i18n'
import { session } from './shared/storage/session'
import './app/global.css'

async function start() {
  // The current language's catalogue is a chunk of its own (the other languages are not
  // downloaded at all); the first paint waits for it, so it is already translated.
  const translated = initI18n()
  // Created at once, the router starts the first page's chunk and the guard while the catalogue
  // is on its way: one request step for both, not one after the other.
  const queryClient = createQueryClient()
  const router = createRouter(queryClient)
  wireApiHooks(router, queryClient)
  followOtherTabs(sessionChannel, session)
  // Every form on every page, dialogs included: field errors are spoken as they appear.
  announceFieldErrors()
  await translated

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}

void start()
