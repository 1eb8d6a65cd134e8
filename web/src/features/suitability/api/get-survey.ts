import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Survey } from './get-broker-survey'

export const getSurvey = (surveyId: number) => get<Survey>('/survey/detail', { surveyId })

export const surveyQueryOptions = (surveyId: number) =>
  queryOptions({ queryKey: ['survey', surveyId], queryFn: () => getSurvey(surveyId) })

export const useSurvey = (surveyId: number) => useQuery(surveyQueryOptions(surveyId))
