import type { message } from 'antd'
import { lazy, type ReactNode, Suspense } from 'react'

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
  const api = await ready()
  await api.open({ type, content: text, duration: TOAST_SECONDS, key: text })
}

// antd's message (with its notification machinery) is not needed to paint a page: it is loaded
// right after, and toasts asked for in between wait for it.
const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })))

export function FeedbackProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  )
}
