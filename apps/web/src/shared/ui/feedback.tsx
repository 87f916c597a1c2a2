import type { message } from 'antd'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { afterFirstPage, firstPageShown } from '../after-first-page'

/** §9: toasts stay 3 s. */
export const TOAST_SECONDS = 3

export type MessageApi = ReturnType<typeof message.useMessage>[0]

let messageApi: MessageApi | undefined
const waiting: ((api: MessageApi) => void)[] = []

/** Called once by the Toaster when antd's message API (with theme and locale) is ready. */
export function registerMessageApi(api: MessageApi | undefined): void {
  messageApi = api
  if (api) for (const resolve of waiting.splice(0)) resolve(api)
}

function ready(): Promise<MessageApi> {
  return messageApi ? Promise.resolve(messageApi) : new Promise((resolve) => waiting.push(resolve))
}

/**
 * Toasts, for components and for code outside React (the API client) alike. Each promise
 * settles when its toast closes. The same text twice shows one toast (a burst of identical
 * failures).
 */
export const toast = {
  error: (text: string) => show('error', text),
  success: (text: string) => show('success', text),
}

async function show(type: 'error' | 'success', text: string): Promise<void> {
  // A toast cannot wait for a page: it brings the toaster now.
  firstPageShown()
  const api = await ready()
  await api.open({ type, content: text, duration: TOAST_SECONDS, key: text })
}

// antd's message (with its notification machinery) is not needed to paint a page: it is loaded
// once the first page has painted, and toasts asked for before it arrives wait for it.
const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })))

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [toasterWanted, setToasterWanted] = useState(false)
  useEffect(() => afterFirstPage(() => setToasterWanted(true)), [])
  return (
    <>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  )
}
