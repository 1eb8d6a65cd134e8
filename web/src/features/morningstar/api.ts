/**
 * The Morningstar calls (docs/morningstar.md#calls): the questionnaire, the diagnosis of the
 * current holdings and the proposal drawn from it. Shares and rates are decimal strings
 * ("0.6000"), amounts too ("10000.00"); moments ISO strings.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { get, post, type CallOptions } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type SurveyDetail = Schemas['MsSurveyDetailOut']
export type SurveyResult = Schemas['MsSurveyResultOut']
export type Question = Schemas['MsQuestionOut']
export type Diagnosis = Schemas['DiagnosisOut']
export type Sections = Schemas['SectionsOut']
export type Statistics = Schemas['StatisticsOut']
export type ProposalDetail = Schemas['ProposalDetailOut']
export type ProposalLine = Schemas['ProposalLineOut']

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }
const KEY = ['morningstar'] as const

export const surveyQuery = queryOptions({
  queryKey: [...KEY, 'survey'],
  queryFn: () => get<SurveyDetail>('/morningStar/getSurveyDetail', undefined, { cache: false }),
  staleTime: 0,
})

export const latestDiagnosisQuery = queryOptions({
  queryKey: [...KEY, 'diagnosis'],
  queryFn: () => get<Diagnosis>('/morningStar/getLatestDiagnosis', undefined, { cache: false }),
  staleTime: 0,
})

export const statisticsQuery = queryOptions({
  queryKey: [...KEY, 'statistics'],
  queryFn: () =>
    get<Statistics>('/morningStar/getDiagnosisStatistics', undefined, { cache: false }),
  staleTime: 0,
})

export const proposalQuery = (proposalId: number | null) =>
  queryOptions({
    queryKey: [...KEY, 'proposal', proposalId],
    queryFn: () =>
      get<ProposalDetail | null>(
        '/morningStar/queryInvestmentProposalDetail',
        proposalId ? { proposalId } : undefined,
        { cache: false },
      ),
    staleTime: 0,
  })

export const useSurvey = () => useQuery(surveyQuery)
export const useLatestDiagnosis = () => useQuery(latestDiagnosisQuery)
export const useStatistics = () => useQuery(statisticsQuery)
export const useProposal = (proposalId: number | null) => useQuery(proposalQuery(proposalId))

export interface Answer {
  no: number
  chosen: number[]
}

/** POST /morningStar/submitSurvey: the profile of a complete set of answers. */
export function useSubmitSurvey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (answers: Answer[]) =>
      post<SurveyResult>('/morningStar/submitSurvey', { answers }, WRITE),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  })
}

/** POST /morningStar/submitDiagnosis: diagnose the holdings as they are now. */
export function useSubmitDiagnosis() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => post<Diagnosis>('/morningStar/submitDiagnosis', {}, WRITE),
    onSuccess: (data) => {
      client.setQueryData(latestDiagnosisQuery.queryKey, data)
      void client.invalidateQueries({ queryKey: statisticsQuery.queryKey })
    },
  })
}

/** POST /morningStar/confirmInvestmentProposal. */
export function useConfirmProposal() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { proposalId: number; acceptRisk: boolean }) =>
      post<ProposalDetail>('/morningStar/confirmInvestmentProposal', body, WRITE),
    onSuccess: (data) => client.setQueryData(proposalQuery(data.base.proposalId).queryKey, data),
  })
}
