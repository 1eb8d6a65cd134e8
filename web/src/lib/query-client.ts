import { QueryClient } from '@tanstack/react-query'

/** docs/api.md#transport: client data is cached for 8 minutes and not refetched on focus or
 * reconnect. */
export const QUERY_CACHE_TIME_MS = 480_000

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE_TIME_MS,
        staleTime: QUERY_CACHE_TIME_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
    },
  })
}
