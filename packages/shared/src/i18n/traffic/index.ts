import type { Language } from '../languages'
import { type TrafficCatalogue, trafficEnUS } from './en-us'
import { trafficEs } from './es'
import { trafficZhCN } from './zh-cn'

export type { TrafficCatalogue } from './en-us'

/** Messages of the traffic charts (home page and device detail), by language. */
export const trafficCatalogues: Readonly<Record<Language, TrafficCatalogue>> = {
  'en-us': trafficEnUS,
  'zh-cn': trafficZhCN,
  es: trafficEs,
}
