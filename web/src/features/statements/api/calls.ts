/**
 * The statement, certificate, profit-book and capital calls (docs/statements.md).
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import { get, http, post } from '@/lib/api-client'
import type { PageOf } from './page'
import type {
  CapitalFlow,
  Certification,
  CertificationApply,
  CertificationPreview,
  Language,
  NetInflow,
  ProfitBook,
  Report,
  ReportDetail,
  ReportType,
  VerifyResult,
} from './types'

const FRESH = { cache: false } as const

/** The statement periods of all the user's accounts: GET /account/getAssetReportList (every
 * account but the advisory service accounts) and GET /tamp/getAdUserReportList (those), in one
 * list, newest period first as each call orders its own (docs/statements.md#statements). */
export const useReportList = (reportType: ReportType) =>
  useQuery({
    queryKey: ['statements', 'list', reportType],
    queryFn: async () => {
      const [accounts, advisory] = await Promise.all([
        get<Report[]>('/account/getAssetReportList', { reportType }, FRESH),
        get<Report[]>('/tamp/getAdUserReportList', { reportType }, FRESH),
      ])
      return allStatements(accounts, advisory)
    },
    staleTime: 0,
  })

/** Both lists as one: the newest period first, a period's accounts in the order the accounts
 * were opened (the server's own order of one list). */
export function allStatements(...lists: Report[][]): Report[] {
  return lists
    .flat()
    .sort(
      (a, b) => b.endDate.localeCompare(a.endDate) || a.financialAccountId - b.financialAccountId,
    )
}

/** POST /account/genAssetReport: ask for a statement's PDF (rendered by a task). */
export const generateReport = (body: {
  financialAccountId: number
  reportType: ReportType
  period: string
}) => post<ReportDetail>('/account/genAssetReport', body)

/** GET /account/getAssetReport: a statement's status and figures, polled until it is ready. */
export const reportQueryOptions = (reportId: number) =>
  queryOptions({
    queryKey: ['statements', 'report', reportId],
    queryFn: () => get<ReportDetail>('/account/getAssetReport', { reportId }, FRESH),
    enabled: reportId > 0,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1500 : false),
  })

/** A PDF of the API as a Blob (the statement's or the certificate's file). */
export async function fetchPdf(url: string, params: Record<string, number>): Promise<Blob> {
  const res = await http.request<Blob>({ method: 'GET', url, params, responseType: 'blob' })
  return res.data
}

/** GET /asset/certificationPreview. */
export const useCertificationPreview = (
  date: string | null,
  financialAccountIds: number[],
  language: Language,
) =>
  useQuery({
    queryKey: ['statements', 'certPreview', date, financialAccountIds, language],
    queryFn: () =>
      get<CertificationPreview>(
        '/asset/certificationPreview',
        { date, financialAccountIds, language },
        FRESH,
      ),
    staleTime: 0,
  })

/** POST /asset/genAssetCertification (60 s timeout, lib/api-client.ts TIMEOUTS). */
export const applyCertification = (body: CertificationApply) =>
  post<Certification>('/asset/genAssetCertification', body)

/** GET /asset/certification: an issued certificate. */
export const useCertification = (certificateId: number) =>
  useQuery({
    queryKey: ['statements', 'certificate', certificateId],
    queryFn: () => get<Certification>('/asset/certification', { certificateId }, FRESH),
    enabled: certificateId > 0,
  })

/** POST /noauth/asset/verifyCertification: the public check of a certificate. */
export const verifyCertification = (verifyCode: string, sha256?: string) =>
  post<VerifyResult>('/noauth/asset/verifyCertification', { verifyCode, sha256 })

/** GET /account/getProfitBookDetail: all years, a year, or a month of the profit book. */
export const useProfitBook = (year?: number, month?: number) =>
  useQuery({
    queryKey: ['statements', 'book', year ?? null, month ?? null],
    queryFn: () => get<ProfitBook>('/account/getProfitBookDetail', { year, month }),
    enabled: month === undefined || (year ?? 0) > 0,
  })

/** GET /account/getCapitalNetInflow: money in, out and net by month. */
export const useNetInflow = (months = 12) =>
  useQuery({
    queryKey: ['statements', 'netInflow', months],
    queryFn: () => get<NetInflow>('/account/getCapitalNetInflow', { months }),
  })

/** GET /account/getCapitalDetail: the card's flows, newest first, paged. */
export const capitalDetailQueryOptions = (size = 20) =>
  infiniteQueryOptions({
    queryKey: ['statements', 'capital', size],
    queryFn: ({ pageParam }) =>
      get<PageOf<CapitalFlow>>('/account/getCapitalDetail', { page: pageParam, size }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  })

export const useCapitalDetail = () => useInfiniteQuery(capitalDetailQueryOptions())
