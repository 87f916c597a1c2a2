import type { DeviceType } from '@canopy/shared/protocol'
import {
  type DeviceListQuery,
  type DeviceSortField,
  type DeviceStatus,
  FIRST_PAGE_SIZE,
  PAGE_SIZES,
} from './api'

// The values the list's URL may carry, keyed by the shared types so the compiler keeps them whole.
const STATUSES: Record<DeviceStatus, true> = { online: true, offline: true }
const TYPES: Record<DeviceType, true> = { ap: true, gateway: true, repeater: true, router4g: true }
const SORT_FIELDS: Record<DeviceSortField, true> = {
  name: true,
  mac: true,
  status: true,
  model: true,
  firmware: true,
  accessTime: true,
  uptime: true,
  clients: true,
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : fallback
}

function oneOf<T extends string>(allowed: Record<T, true>, value: string | null): T | undefined {
  return value !== null && Object.hasOwn(allowed, value) ? (value as T) : undefined
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim().slice(0, 64)
  return trimmed ? trimmed : undefined
}

/**
 * The device list keeps its filters, sort and page in the URL
 * (?gid=3&status=online&type=ap&model=CAP-1200&firmware=1.4.2&keyword=lobby&sort=uptime&order=asc&page=2&size=20),
 * so a reload or a shared link shows the same list. Anything unknown is left out. The firmware
 * is a whole version: the server matches it exactly.
 */
export function deviceListRequestOf(params: URLSearchParams): DeviceListQuery {
  const size = positive(params.get('size'), FIRST_PAGE_SIZE)
  const gid = positive(params.get('gid'), 0)
  const status = oneOf(STATUSES, params.get('status'))
  const type = oneOf(TYPES, params.get('type'))
  const sort = oneOf(SORT_FIELDS, params.get('sort'))
  const model = text(params.get('model'))
  const firmware = text(params.get('firmware'))
  const keyword = text(params.get('keyword'))
  const drift = params.get('drift') === '1'
  const tpl = positive(params.get('tpl'), 0)
  return {
    pageIndex: positive(params.get('page'), 1),
    pageOffset: PAGE_SIZES.includes(size) ? size : FIRST_PAGE_SIZE,
    ...(gid > 0 ? { gid } : {}),
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
    ...(model ? { model } : {}),
    ...(firmware ? { firmware } : {}),
    ...(keyword ? { keyword } : {}),
    ...(drift ? { drift: true as const } : {}),
    ...(tpl > 0 ? { tpl } : {}),
    ...(sort ? { sort, order: params.get('order') === 'asc' ? 'asc' : 'desc' } : {}),
  }
}

/** The URL's parameters for a list request; defaults are left out. */
export function withDeviceListRequest(request: DeviceListQuery): URLSearchParams {
  const next = new URLSearchParams()
  if (request.gid) next.set('gid', String(request.gid))
  if (request.status) next.set('status', request.status)
  if (request.type) next.set('type', request.type)
  if (request.model) next.set('model', request.model)
  if (request.firmware) next.set('firmware', request.firmware)
  if (request.keyword) next.set('keyword', request.keyword)
  if (request.drift) next.set('drift', '1')
  if (request.tpl) next.set('tpl', String(request.tpl))
  if (request.sort) {
    next.set('sort', request.sort)
    next.set('order', request.order ?? 'desc')
  }
  if (request.pageIndex > 1) next.set('page', String(request.pageIndex))
  if (request.pageOffset !== FIRST_PAGE_SIZE) next.set('size', String(request.pageOffset))
  return next
}

/** Whether any filter narrows the list (the empty state then says "no match", not "no devices"). */
export function isFiltered(request: DeviceListQuery): boolean {
  return Boolean(
    request.gid ||
      request.status ||
      request.type ||
      request.model ||
      request.firmware ||
      request.keyword ||
      request.drift ||
      request.tpl,
  )
}
