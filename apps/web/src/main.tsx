import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { wireApiHooks } from './app/api-hooks'
import { createQueryClient, Providers } from './app/Providers'
import { createRouter } from './app/router'
import { announceFieldErrors } from './shared/forms/announce-field-errors'
import { initI18n } from './shared/i18n/i18n'
import './app/global.css'

async function start() {
  // The current language's catalogue is a chunk of its own: wait for it, so the first paint is
  // translated (and the other languages are not downloaded at all).
  await initI18n()
  const queryClient = createQueryClient()
  const router = createRouter(queryClient)
  wireApiHooks(router, queryClient)
  // Every form on every page, dialogs included: field errors are spoken as they appear.
  announceFieldErrors()

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}

void start()
