import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/tamp/channel/landingPage */
export type LandingPage = GetData<'/noauth/tamp/channel/landingPage'>

export const getLandingPage = (channel: string) =>
  get<LandingPage>('/noauth/tamp/channel/landingPage', { channel }, { noErrorPage: true })

export const getLandingPageQuery = (channel: string) =>
  queryOptions({
    queryKey: ['shelf', 'get-landing-page', { channel }],
    queryFn: () => getLandingPage(channel),
    enabled: channel !== '',
  })

export const useLandingPage = (channel: string) => useQuery(getLandingPageQuery(channel))
