import { useMutation, useQuery } from '@tanstack/react-query'
import { api } from '../../shared/api'
import { PUBLIC_QUERY } from '../../shared/query'

/** POST remote/info: the link's device, for the page around the tunnel. */
export interface LinkedDevice {
  mac: string
  name: string | null
  firmware: string | null
  status: 'online' | 'offline'
}

export type DiagnosticTool = 'ping' | 'traceroute' | 'interfaces'

/** While the page is open it asks again now and then, so a device gone offline shows. */
const RECHECK_MS = 30_000

// The link is the credential: no session token is sent, and failures are the page's to explain.
const LINK_CALL = { anonymous: true, silent: true } as const

export function useLinkedDevice(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['remoteLink', token],
    enabled,
    queryFn: ({ signal }) => api.post<LinkedDevice>('remote/info', { token }, { ...LINK_CALL, signal }),
    retry: false,
    // A refused link stays refused: no point asking again.
    refetchInterval: (query) => (query.state.error ? false : RECHECK_MS),
    meta: PUBLIC_QUERY,
  })
}

export function useDiagnostic() {
  return useMutation({
    mutationFn: (request: { token: string; tool: DiagnosticTool; host?: string }) =>
      api.post<{ output: string[] }>('remote/diag', request, LINK_CALL),
  })
}
