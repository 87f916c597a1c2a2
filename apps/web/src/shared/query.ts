import type { QueryClient } from '@tanstack/react-query'

/** Mark a query that holds no user data (country codes…): it survives a change of session. */
export const PUBLIC_QUERY = { public: true } as const

/** Drops everything cached for the previous session, keeping public data. */
export function clearSessionQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.public !== true })
  queryClient.getMutationCache().clear()
}
