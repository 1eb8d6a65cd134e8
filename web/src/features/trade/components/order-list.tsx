import { ErrorBlock } from 'antd-mobile'
import { LoadMore } from '@/components/load-more'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useOrders, type OrdersParams } from '../api/get-all-orders'
import type { Order } from '../api/types'
import { orderDetailPath } from '../lib/order-text'
import { OrderRow } from './order-row'

/** The orders of a filter, 10 a page, loading the next page as the list's end comes into view
 * (antd-mobile InfiniteScroll). `keep` narrows the rows on the client (a kind of order). */
export function OrderList({
  params,
  keep,
  emptyTitle = '暂无交易记录',
}: {
  params: OrdersParams
  keep?: (order: Order) => boolean
  emptyTitle?: string
}) {
  const navigate = useNavigate()
  const query = useOrders(params)
  const rows = (query.data?.pages ?? []).flatMap((p) => p.content).filter((o) => !keep || keep(o))
  return (
    <QueryView
      query={query}
      rows={6}
      isEmpty={() => rows.length === 0 && !query.hasNextPage}
      empty={<ErrorBlock status="empty" title={emptyTitle} description="" />}
    >
      {() => (
        <div data-testid="order-list">
          {rows.map((o) => (
            <OrderRow
              key={o.brokerOrderNo}
              order={o}
              onClick={() => navigate(orderDetailPath(o))}
            />
          ))}
          <LoadMore query={query} />
        </div>
      )}
    </QueryView>
  )
}
