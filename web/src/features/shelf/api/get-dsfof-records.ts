import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /shelf/dsfof/records */
export type DsfofRecords = GetData<'/shelf/dsfof/records'>

export const getDsfofRecords = (productCode: string | undefined) =>
  get<DsfofRecords>('/shelf/dsfof/records', { productCode })

export const getDsfofRecordsQuery = (productCode: string | undefined) =>
  queryOptions({
    queryKey: ['shelf', 'get-dsfof-records', { productCode }],
    queryFn: () => getDsfofRecords(productCode),
  })

export const useDsfofRecords = (productCode: string | undefined) =>
  useQuery(getDsfofRecordsQuery(productCode))
