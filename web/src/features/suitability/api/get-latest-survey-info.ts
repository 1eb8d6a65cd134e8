import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type LatestSurvey = GetData<'/account/getLatestSurveyInfo'>

export const getLatestSurveyInfo = () => get<LatestSurvey>('/account/getLatestSurveyInfo')

export const latestSurveyQueryOptions = () =>
  queryOptions({ queryKey: ['latest-survey'], queryFn: getLatestSurveyInfo })

export const useLatestSurveyInfo = () => useQuery(latestSurveyQueryOptions())
