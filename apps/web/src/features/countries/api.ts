import { useQuery } from '@tanstack/react-query'
import { api } from '../../shared/api'
import { translateKey } from '../../shared/i18n/i18n'
import { PUBLIC_QUERY } from '../../shared/query'
import { toast } from '../../shared/ui/feedback'

export interface CallingCode {
  /** digits only, e.g. '86' */
  code: string
  /** ISO 3166-1 alpha-2 regions that use it, e.g. ['CN'] */
  regions: string[]
}

export const countryKeys = {
  callingCodes: ['countries', 'callingCodes'] as const,
}

async function fetchCallingCodes(signal: AbortSignal): Promise<CallingCode[]> {
  try {
    return await api.get<CallingCode[]>('backend/common/countrycodes', undefined, { silent: true, signal })
  } catch (error) {
    // One message that says what failed, instead of the transport's generic one.
    if (!signal.aborted) void toast.error(translateKey('errors.countryCodesFailed'))
    throw error
  }
}

/** The world's calling codes: they do not change while the console is open. */
export function useCallingCodes() {
  return useQuery({
    queryKey: countryKeys.callingCodes,
    queryFn: ({ signal }) => fetchCallingCodes(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: PUBLIC_QUERY,
  })
}
