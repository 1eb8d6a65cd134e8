import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /protocol/agreements: what a buyer of the product agrees to (the checkbox's names). */
export type TradeAgreements = GetData<'/protocol/agreements'>

export const getTradeAgreements = (productCode: string, productType: string) =>
  get<TradeAgreements>('/protocol/agreements', { productCode, productType }, { noErrorPage: true })

export const tradeAgreementsQueryOptions = (productCode: string, productType: string) =>
  queryOptions({
    queryKey: ['trade', 'agreements', productCode, productType],
    queryFn: () => getTradeAgreements(productCode, productType),
    enabled: !!productCode,
  })

export const useTradeAgreements = (productCode: string, productType: string) =>
  useQuery(tradeAgreementsQueryOptions(productCode, productType))
