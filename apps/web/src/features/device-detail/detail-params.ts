/** The tabs of the device detail page (§2: system, network, WiFi, repeater, alarm setting, device log; traffic, portal, clients, backups). */
export const DETAIL_TABS = [
  'system',
  'traffic',
  'network',
  'wifi',
  'portal',
  'repeater',
  'log',
  'alarm',
  'clients',
  'backups',
] as const
export type DetailTab = (typeof DETAIL_TABS)[number]

export const DEVICE_DETAIL_PATH = '/device/detail'
const DEFAULT_TAB: DetailTab = 'system'

export interface DetailParams {
  /** undefined when the URL names no valid device */
  id: number | undefined
  tab: DetailTab
}

/** The page keeps the device and its open tab in the URL (?id=12&tab=wifi), so both survive a reload. */
export function detailParamsOf(params: URLSearchParams): DetailParams {
  const id = Number(params.get('id'))
  const tab = params.get('tab')
  return {
    id: Number.isInteger(id) && id > 0 ? id : undefined,
    tab: DETAIL_TABS.find((candidate) => candidate === tab) ?? DEFAULT_TAB,
  }
}

/** The URL of a device's detail page; the default tab stays out of it. */
export function deviceDetailPath(id: number, tab: DetailTab = DEFAULT_TAB): string {
  const params = new URLSearchParams({ id: String(id) })
  if (tab !== DEFAULT_TAB) params.set('tab', tab)
  return `${DEVICE_DETAIL_PATH}?${params}`
}
