import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type SurveyBrief = GetData<'/survey/list'>[number]

export const getSurveys = () => get<SurveyBrief[]>('/survey/list')

export const surveysQueryOptions = () =>
  queryOptions({ queryKey: ['surveys'], queryFn: getSurveys })

export const useSurveys = () => useQuery(surveysQueryOptions())
