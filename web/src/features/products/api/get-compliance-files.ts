import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/complianceFile */
export type ComplianceFiles = GetData<'/product/complianceFile'>
export interface ComplianceFilesParams {
  productCode?: string
  docType?: string
}

export const getComplianceFiles = (params: ComplianceFilesParams) =>
  get<ComplianceFiles>('/product/complianceFile', params)

export const complianceFilesQueryOptions = (params: ComplianceFilesParams) =>
  queryOptions({
    queryKey: ['products', 'compliance-files', params],
    queryFn: () => getComplianceFiles(params),
    enabled: true,
  })

export const useComplianceFiles = (params: ComplianceFilesParams) =>
  useQuery(complianceFilesQueryOptions(params))
