/**
 * The robo reads (docs/robo.md#the-calls), each as query options and a hook. Every id comes from
 * the address; a missing one leaves the query disabled (the screen's empty state).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type {
  AllocationList,
  Backtest,
  Distribution,
  Dividend,
  Dividends,
  Homepage,
  HoldingExperience,
  NameCheck,
  Payments,
  Planning,
  RiskPermission,
  RoboAccount,
  RoboOrderDetail,
  RoboOrders,
  Survey,
} from './types'

const R = '/roboServiceAccount'
const P = '/investment/planning'
/** Reads a screen shows its own error state for (docs/api.md per-call toast option). */
const QUIET = { noErrorPage: true }

/** GET survey/get: the survey by id, or the caller's latest (null when none). */
export const surveyQuery = (surveyId: number | null) =>
  queryOptions({
    queryKey: ['robo', 'survey', surveyId],
    queryFn: () => get<Survey | null>(`${R}/survey/get`, surveyId ? { surveyId } : {}, QUIET),
    staleTime: 0,
  })
export const useSurvey = (surveyId: number | null) => useQuery(surveyQuery(surveyId))

/** GET getRoboAssetAllocationList: the survey's plan and its 2–4 alternatives. */
export const useAllocations = (surveyId: number) =>
  useQuery({
    queryKey: ['robo', 'allocations', surveyId],
    queryFn: () => get<AllocationList>(`${R}/getRoboAssetAllocationList`, { surveyId }, QUIET),
    enabled: surveyId > 0,
    staleTime: 0,
  })

/** GET /investment/planning/detail: one plan (a confirmed one too) with its alternatives. */
export const usePlanning = (planningId: number) =>
  useQuery({
    queryKey: ['robo', 'planning', planningId],
    queryFn: () => get<Planning>(`${P}/detail`, { planningId }, QUIET),
    enabled: planningId > 0,
    staleTime: 0,
  })

/** GET /investment/planning/draft/detail: the survey's DRAFT plan, or null. */
export const useDraftPlanning = (surveyId: number) =>
  useQuery({
    queryKey: ['robo', 'draft', surveyId],
    queryFn: () => get<Planning | null>(`${P}/draft/detail`, { surveyId }, QUIET),
    enabled: surveyId > 0,
    staleTime: 0,
  })

/** GET getRollingReturnBacktestingDetail: an alternative's series, rolling returns, fan. */
export const useBacktest = (planningId: number, allocationId: string | null) =>
  useQuery({
    queryKey: ['robo', 'backtest', planningId, allocationId],
    queryFn: () =>
      get<Backtest>(
        `${P}/getRollingReturnBacktestingDetail`,
        allocationId ? { planningId, allocationId } : { planningId },
        QUIET,
      ),
    enabled: planningId > 0,
    staleTime: 60_000,
  })

/** GET holdingExperience: what holding the alternative for some months has been like. */
export const useHoldingExperience = (
  planningId: number,
  allocationId: string | null,
  holdMonths: number | null,
) =>
  useQuery({
    queryKey: ['robo', 'holding-experience', planningId, allocationId, holdMonths],
    queryFn: () =>
      get<HoldingExperience>(
        `${P}/holdingExperience`,
        {
          planningId,
          ...(allocationId ? { allocationId } : {}),
          ...(holdMonths ? { holdMonths } : {}),
        },
        QUIET,
      ),
    enabled: planningId > 0,
    staleTime: 60_000,
  })

/** GET riskPermission/detail: the above-grade products and every decision so far. */
export const useRiskPermission = (planningId: number) =>
  useQuery({
    queryKey: ['robo', 'risk-permission', planningId],
    queryFn: () => get<RiskPermission>(`${P}/riskPermission/detail`, { planningId }, QUIET),
    enabled: planningId > 0,
    staleTime: 0,
  })

/** GET getRoboSAList: the caller's robo accounts. */
export const useRoboAccounts = () =>
  useQuery({
    queryKey: ['robo', 'accounts'],
    queryFn: async () => (await get<{ list: RoboAccount[] }>(`${R}/getRoboSAList`, {}, QUIET)).list,
    staleTime: 0,
  })

/** GET homepage/component/detail: the account, its target and current weights, last orders. */
export const useHomepage = (serviceAccountId: number) =>
  useQuery({
    queryKey: ['robo', 'homepage', serviceAccountId],
    queryFn: () => get<Homepage>(`${R}/homepage/component/detail`, { serviceAccountId }, QUIET),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

/** GET getAssetDistribution: by fund (ALL) or by asset class (STOCK_AND_BOND). */
export const useDistribution = (serviceAccountId: number, showType: 'ALL' | 'STOCK_AND_BOND') =>
  useQuery({
    queryKey: ['robo', 'distribution', serviceAccountId, showType],
    queryFn: () =>
      get<Distribution>(
        `${R}/getAssetDistribution`,
        { serviceAccountId, showType },
        { ...QUIET, errorToast: false },
      ),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

/** GET getAssetPayments: money in and out of the account. */
export const usePayments = (serviceAccountId: number) =>
  useQuery({
    queryKey: ['robo', 'payments', serviceAccountId],
    queryFn: () => get<Payments>(`${R}/getAssetPayments`, { serviceAccountId }, QUIET),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

/** GET order/getList. */
export const useRoboOrders = (serviceAccountId: number) =>
  useQuery({
    queryKey: ['robo', 'orders', serviceAccountId],
    queryFn: () =>
      get<RoboOrders>(`${R}/order/getList`, { serviceAccountId, pageNo: 1, pageSize: 100 }, QUIET),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

/** GET order/getDetail: the order with its child fund orders. */
export const useRoboOrder = (serviceAccountId: number, brokerOrderNo: string) =>
  useQuery({
    queryKey: ['robo', 'order', serviceAccountId, brokerOrderNo],
    queryFn: () =>
      get<RoboOrderDetail>(`${R}/order/getDetail`, { serviceAccountId, brokerOrderNo }, QUIET),
    enabled: serviceAccountId > 0 && !!brokerOrderNo,
    staleTime: 0,
  })

/** GET dividend/getList. */
export const useDividends = (serviceAccountId: number) =>
  useQuery({
    queryKey: ['robo', 'dividends', serviceAccountId],
    queryFn: async () =>
      (await get<Dividends>(`${R}/dividend/getList`, { serviceAccountId }, QUIET)).list,
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

/** GET dividend/getDetail. */
export const useDividend = (serviceAccountId: number, brokerOrderNo: string) =>
  useQuery({
    queryKey: ['robo', 'dividend', serviceAccountId, brokerOrderNo],
    queryFn: () =>
      get<Dividend>(`${R}/dividend/getDetail`, { serviceAccountId, brokerOrderNo }, QUIET),
    enabled: serviceAccountId > 0 && !!brokerOrderNo,
    staleTime: 0,
  })

/** GET checkRoboServiceName. */
export const checkRoboServiceName = (roboServiceName: string) =>
  get<NameCheck>(`${R}/checkRoboServiceName`, { roboServiceName }, { cache: false })
