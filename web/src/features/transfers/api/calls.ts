/**
 * The transfer-in calls (docs/transfers.md#calls): recognition (file, screenshot, text), fund
 * search, applications (list, submit, cancel, export), the template by mail, plans and
 * portfolios carried over, the profit history, and the offline adviser relation.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { get, http, post, request, type CallOptions } from '@/lib/api-client'
import type {
  AipCandidate,
  Application,
  EmailQueued,
  FundHit,
  PoRestored,
  ProfitPreview,
  Recognition,
  Relation,
  SubmitBody,
} from './types'

/** Refusals are shown by the page (the message beside what the user did), not a toast. */
const QUIET: CallOptions = { errorToast: false, noErrorPage: true }
const UPLOAD_TIMEOUT_MS = 60_000

function upload<T>(url: string, file: File): Promise<T> {
  const form = new FormData()
  form.append('file', file)
  return request<T>({
    method: 'POST',
    url,
    data: form,
    timeout: UPLOAD_TIMEOUT_MS,
    options: QUIET,
  })
}

/** POST /transfer/external/uploadFile: a CSV or .xlsx holdings table. */
export const uploadHoldingsFile = (file: File) =>
  upload<Recognition>('/transfer/external/uploadFile', file)

/** POST /transfer/external/uploadImage: a screenshot of another app's holdings, read by OCR. */
export const uploadHoldingsImage = (file: File) =>
  upload<Recognition>('/transfer/external/uploadImage', file)

/** POST /transfer/external/uploadText: pasted text, a holding a line. */
export const uploadHoldingsText = (text: string) =>
  post<Recognition>('/transfer/external/uploadText', { text }, QUIET)

/** GET /transfer/external/searchFund: catalogue funds by code or name. */
export const searchFund = (keyword: string) =>
  get<FundHit[]>('/transfer/external/searchFund', { keyword }, { cache: false })

export const useFundSearch = (keyword: string) =>
  useQuery({
    queryKey: ['transfers', 'search', keyword],
    queryFn: () => searchFund(keyword),
    enabled: keyword.trim().length > 0,
  })

/** POST /transfer/external/submit → the new application (APPLYING). */
export const submitTransfer = (body: SubmitBody) =>
  post<Application>('/transfer/external/submit', body, QUIET)

/** POST /transfer/external/cancel: withdraw an application still APPLYING. */
export const cancelTransfer = (applicationId: number) =>
  post<Application>('/transfer/external/cancel', { applicationId }, QUIET)

export const applicationsQueryOptions = () =>
  queryOptions({
    queryKey: ['transfers', 'list'],
    queryFn: () => get<Application[]>('/transfer/external/list', {}, { cache: false }),
    staleTime: 0,
  })

/** GET /transfer/external/list: the user's applications, newest first. */
export const useApplications = () => useQuery(applicationsQueryOptions())

/** One application, by its id or by one of its transfer-in orders. */
export const useApplication = (by: { applicationId?: number; brokerOrderNo?: string }) =>
  useQuery({
    queryKey: ['transfers', 'one', by],
    queryFn: async () =>
      (await get<Application[]>('/transfer/external/list', by, { cache: false }))[0],
    enabled: !!by.applicationId || !!by.brokerOrderNo,
    staleTime: 0,
  })

/** GET /transfer/external/formExport as a file saved by the browser: the template without an
 * application, else the application's rows. */
export async function downloadForm(applicationId?: number): Promise<void> {
  const res = await http.request<Blob>({
    method: 'GET',
    url: '/transfer/external/formExport',
    params: applicationId ? { applicationId } : {},
    responseType: 'blob',
  })
  const url = URL.createObjectURL(res.data)
  const a = document.createElement('a')
  a.href = url
  a.download = applicationId ? `转入申请${applicationId}.xlsx` : '持仓转入模板.xlsx'
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** POST /transfer/external/sendTemplateEmail: the template to the address, by mail. */
export const sendTemplateEmail = (email: string) =>
  post<EmailQueued>('/transfer/external/sendTemplateEmail', { email }, QUIET)

/** GET /transfer/aip: transferred funds on which a 定投 can carry on. */
export const useAipCandidates = () =>
  useQuery({
    queryKey: ['transfers', 'aip'],
    queryFn: () => get<AipCandidate[]>('/transfer/aip', {}, { cache: false }),
  })

/** POST /transfer/poRestore: rebuild a portfolio from transferred component funds. */
export const restorePortfolio = (applicationId: number, poCode: string) =>
  post<PoRestored>('/transfer/poRestore', { applicationId, poCode }, QUIET)

/** POST /transfer/preProcessProfits: a profit history file read for checking. */
export const previewProfits = (file: File) =>
  upload<ProfitPreview>('/transfer/preProcessProfits', file)

/** POST /transfer/uploadProfits: attach the checked history to an application. */
export const uploadProfits = (applicationId: number, rows: ProfitPreview['rows']) =>
  post<Application>('/transfer/uploadProfits', { applicationId, rows }, QUIET)

export const useRelation = (enabled = true) =>
  useQuery({
    queryKey: ['transfers', 'relation'],
    queryFn: () => get<Relation>('/offline/transfer/relation/get', {}, { cache: false }),
    enabled,
  })

/** POST /offline/transfer/relation/bind: the customer's offline adviser, by invite code. */
export const bindRelation = (inviteCode: string, shopName = '') =>
  post<Relation>('/offline/transfer/relation/bind', { inviteCode, shopName }, QUIET)
