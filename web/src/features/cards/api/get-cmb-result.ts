import { queryOptions, useQuery } from '@tanstack/react-query'
import { cmbResult } from './sign-card'

export const cmbResultQueryOptions = (serialNo: string) =>
  queryOptions({ queryKey: ['cmb-result', serialNo], queryFn: () => cmbResult(serialNo) })

export const useCmbResult = (serialNo: string) => useQuery(cmbResultQueryOptions(serialNo))
