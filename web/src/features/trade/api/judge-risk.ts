import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /trade/judgeRisk: does the product suit the investor (docs/rules.md#suitability)? `needConfirm` asks
 * for the mismatch warning and an explicit confirmation; `forbidden` refuses the purchase. */
export type RiskVerdict = GetData<'/trade/judgeRisk'>
export interface JudgeRiskParams {
  productCode: string
  productType?: string
  /** What the trade does: a refusal (`refusal`) is a purchase's (buy, the default) or a
   * conversion's into the product (convert), the server's own words for it. */
  scene?: 'buy' | 'convert'
}

export const judgeRisk = (params: JudgeRiskParams) =>
  get<RiskVerdict>('/trade/judgeRisk', params, { cache: false })

export const judgeRiskQueryOptions = (params: JudgeRiskParams) =>
  queryOptions({
    queryKey: ['trade', 'judge-risk', params],
    queryFn: () => judgeRisk(params),
    enabled: !!params.productCode,
    staleTime: 0,
  })

export const useJudgeRisk = (params: JudgeRiskParams) => useQuery(judgeRiskQueryOptions(params))

/** The verdict of `risk`, or, when a submission comes before judgeRisk has answered, its answer
 * once it arrives: the refusal, the survey and the mismatch warning are never skipped for want
 * of it. Undefined only when judgeRisk failed (the server still refuses what it must). */
export const settledVerdict = async (risk: UseQueryResult<RiskVerdict>) =>
  risk.data ?? (await risk.refetch({ cancelRefetch: false })).data
