import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useTradeRules } from '../api/get-trade-rules'
import { TradeRulesView } from './trade-rules-view'

/** tradeRules (productCode, productType): fees and dates as rows. */
export default function TradeRules() {
  const [params] = useSearchParams()
  const query = useTradeRules({
    productCode: params.get('productCode') ?? params.get('fundCode') ?? '',
    productType: params.get('productType') ?? undefined,
  })
  return (
    <QueryView query={query} emptyTitle="未指定产品">
      {(d) => <TradeRulesView data={d} timeline={false} />}
    </QueryView>
  )
}
