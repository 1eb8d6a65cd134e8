import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type Survey = GetData<'/account/getBrokerSurvey'>
export type Question = Survey['questions'][number]

export const getBrokerSurvey = () => get<Survey>('/account/getBrokerSurvey')

export const brokerSurveyQueryOptions = () =>
  queryOptions({ queryKey: ['survey', 'risk'], queryFn: getBrokerSurvey })

export const useBrokerSurvey = () => useQuery(brokerSurveyQueryOptions())
