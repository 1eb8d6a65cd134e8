import { LoadMore } from '@/components/load-more'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import {
  deriveOrderStatus,
  STATUS_TEXT,
  type DisplayStatus,
  type OrderStatusInput,
} from '@/lib/order-status'
import { useProductOrders } from '../api/get-product-orders'
import { orderCodeText } from '@/lib/order-codes'
import { orderFigure } from '@/features/trade'
import '../assets.css'

const STATUS_CLASS: Partial<Record<DisplayStatus, string>> = {
  success: 'is-success',
  fail: 'is-fail',
  payFail: 'is-fail',
  cancel: 'is-cancel',
}

/** /assetsTransactionRecord (productCode, financialAccountId): the product's orders, newest
 * first, each with the status derived from its raw fields. */
export default function AssetsTransactionRecordPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const productCode = params.get('productCode') ?? ''
  const financialAccountId = Number(params.get('financialAccountId')) || 0
  const query = useProductOrders(financialAccountId, productCode)
  const orders = query.data?.pages.flatMap((p) => p.content) ?? []
  return (
    <div className="asset-page">
      <QueryView
        query={query}
        rows={6}
        isEmpty={(d) => d.pages[0].content.length === 0}
        emptyTitle="暂无交易记录"
      >
        {() => (
          <div className="asset-orders">
            {orders.map((o) => {
              const status = deriveOrderStatus({
                orderCode: o.orderCode,
                confirmStatus: o.confirmStatus,
                payStatus: o.payStatus,
                extMetaInfo: o.extMetaInfo as OrderStatusInput['extMetaInfo'],
                isSignalSellOrder: !!o.isSignalSellOrder,
              })
              return (
                <div
                  key={o.brokerOrderNo}
                  className="asset-order"
                  role="button"
                  tabIndex={0}
                  data-testid="asset-order"
                  onClick={() =>
                    navigate(
                      `/transactionDetail?brokerOrderNo=${encodeURIComponent(o.brokerOrderNo)}`,
                    )
                  }
                >
                  <div>
                    <strong>{orderCodeText(o.orderCode, o)}</strong>
                    <span>{o.productName}</span>
                    <em>{o.applyTime?.replace('T', ' ').slice(0, 16) ?? o.tradeDate ?? ''}</em>
                  </div>
                  <div>
                    <strong>{orderFigure(o)}</strong>
                    <span className={`asset-order__status ${STATUS_CLASS[status] ?? ''}`}>
                      {STATUS_TEXT[status]}
                    </span>
                  </div>
                </div>
              )
            })}
            <LoadMore query={query} />
          </div>
        )}
      </QueryView>
    </div>
  )
}
