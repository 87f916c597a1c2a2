/** What the server injects into index.html in place of `<!--canopy-config-->`. */
export interface CanopyConfig {
  apiRoot?: string
  defaultLanguage?: string
}

declare global {
  interface Window {
    __CANOPY__?: CanopyConfig
  }
}

export function canopyConfig(): CanopyConfig {
  return window.__CANOPY__ ?? {}
}

/** §7: page origin plus the configured root name, e.g. https://console.example.com/api/ */
export function apiBaseUrl(): string {
  const root = canopyConfig().apiRoot ?? '/api'
  return `${window.location.origin}${root.replace(/\/+$/, '')}/`
}
