/**
 * 调仓记录 (rebalanceRecord): a portfolio's adjustments (orders P04), from the orders feed,
 * optionally for one portfolio (productCode or poCode) or financial account.
 */
import { useSearchParams } from 'react-router'
import { OrderList } from '../components/order-list'
import '../trade.css'

export default function RebalanceRecordPage() {
  const [params] = useSearchParams()
  return (
    <OrderList
      params={{
        orderCode: 'P04',
        financialAccountId: Number(params.get('financialAccountId')) || null,
        productCode: params.get('productCode') ?? params.get('poCode'),
      }}
      keep={(o) => o.orderCode.toUpperCase() === 'P04'}
      emptyTitle="暂无调仓记录"
    />
  )
}
