import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useTradeRules } from '../api/get-trade-rules'
import { TradeRulesView } from './trade-rules-view'

/** newTradeRules (productCode, productType): fees, with the dates as a timeline. */
export default function NewTradeRules() {
  const [params] = useSearchParams()
  const query = useTradeRules({
    productCode: params.get('productCode') ?? params.get('poCode') ?? '',
    productType: params.get('productType') ?? undefined,
  })
  return (
    <QueryView query={query} emptyTitle="未指定产品">
      {(d) => <TradeRulesView data={d} timeline />}
    </QueryView>
  )
}
