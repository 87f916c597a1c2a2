import type { ChildListRequest } from './api'

/** The child-account list's first page size (§9 preview page size). */
export const FIRST_PAGE_SIZE = 10
const PAGE_SIZES = [10, 20, 50, 100]

function positive(value: string | null, fallback: number): number {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : fallback
}

/**
 * The accounts tab keeps its search, filter and page in the URL (?page=2&size=20&keyword=al&status=1),
 * so a reload or a shared link shows the same list.
 */
export function listRequestOf(params: URLSearchParams): ChildListRequest {
  const size = positive(params.get('size'), FIRST_PAGE_SIZE)
  const status = params.get('status')
  const keyword = params.get('keyword')?.trim()
  return {
    pageIndex: positive(params.get('page'), 1),
    pageOffset: PAGE_SIZES.includes(size) ? size : FIRST_PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(status === '0' || status === '1' ? { status: Number(status) as 0 | 1 } : {}),
  }
}

/** The URL's parameters for a list request, keeping the others (the tab); defaults are left out. */
export function withListRequest(params: URLSearchParams, request: ChildListRequest): URLSearchParams {
  const next = new URLSearchParams(params)
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) next.delete(name)
    else next.set(name, value)
  }
  set('page', request.pageIndex > 1 ? String(request.pageIndex) : undefined)
  set('size', request.pageOffset !== FIRST_PAGE_SIZE ? String(request.pageOffset) : undefined)
  set('keyword', request.keyword || undefined)
  set('status', request.status === undefined ? undefined : String(request.status))
  return next
}

export { PAGE_SIZES }
