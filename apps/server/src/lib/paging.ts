/** A list request's page: 1-based `pageIndex`, `pageOffset` rows a page (the console's names). */
export interface PageRequest {
  pageIndex: number
  pageOffset: number
}

/** The rows of that page, as a query's limit and offset. */
export function pageWindow({ pageIndex, pageOffset }: PageRequest): { limit: number; offset: number } {
  return { limit: pageOffset, offset: (pageIndex - 1) * pageOffset }
}
