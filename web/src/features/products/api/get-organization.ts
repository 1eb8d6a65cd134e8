import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/organization */
export type Organization = GetData<'/product/organization'>
export interface OrganizationParams {
  companyId?: number
  productCode?: string
}

export const getOrganization = (params: OrganizationParams) =>
  get<Organization>('/product/organization', params)

export const organizationQueryOptions = (params: OrganizationParams) =>
  queryOptions({
    queryKey: ['products', 'organization', params],
    queryFn: () => getOrganization(params),
    enabled: true,
  })

export const useOrganization = (params: OrganizationParams) =>
  useQuery(organizationQueryOptions(params))
