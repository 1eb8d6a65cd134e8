import { queryOptions, useQuery } from '@tanstack/react-query'
import { cmbConfirm, cmbResult } from './sign-card'

/** 验证结果 after 招商银行's page: read the result (GET changes nothing) and confirm the signing
 * (POST) only while it is not yet done, so a refetch after success is a read again. */
export async function settleCmbSigning(serialNo: string) {
  const result = await cmbResult(serialNo)
  return result.status === 'SUCCESS' ? result : cmbConfirm(serialNo)
}

export const cmbResultQueryOptions = (serialNo: string) =>
  queryOptions({ queryKey: ['cmb-result', serialNo], queryFn: () => settleCmbSigning(serialNo) })

export const useCmbResult = (serialNo: string) => useQuery(cmbResultQueryOptions(serialNo))
