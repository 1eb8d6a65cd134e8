/**
 * 分红详情 (dividendDetail): the dividends paid or reinvested (orders 143), from the orders
 * feed, optionally for one product or financial account.
 */
import { useSearchParams } from 'react-router'
import { OrderList } from '../components/order-list'
import '../trade.css'

export default function DividendDetailPage() {
  const [params] = useSearchParams()
  return (
    <OrderList
      params={{
        orderCode: '143',
        financialAccountId: Number(params.get('financialAccountId')) || null,
        productCode: params.get('productCode'),
      }}
      keep={(o) => o.orderCode === '143'}
      emptyTitle="暂无分红记录"
    />
  )
}
