import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData, Schemas } from '@/lib/api-types'

export type SurveyResult = PostData<'/account/answerSurvey'>
export type Answer = Schemas['AnswerIn']

/** The risk questionnaire's answers: scored only (confirm false) or saved. */
export const answerRiskSurvey = (body: Schemas['SubmitIn']) =>
  post<SurveyResult>('/account/answerSurvey', body)

/** Any other questionnaire. */
export const submitSurvey = (body: Schemas['SubmitIn']) =>
  post<SurveyResult>('/survey/submit', body)

export function useAnswerRiskSurvey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: answerRiskSurvey,
    onSuccess: (result) => {
      if (!result.saved) return
      for (const key of ['latest-survey', 'survey', 'customer', 'tamp-account']) {
        queryClient.invalidateQueries({ queryKey: [key] })
      }
    },
  })
}

export function useSubmitSurvey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitSurvey,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['surveys'] })
      queryClient.invalidateQueries({ queryKey: ['survey'] })
    },
  })
}
