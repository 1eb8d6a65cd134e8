import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { OrderRow, orderDetailPath } from '@/features/trade'
import { useDsfofRecords } from '../api/get-dsfof-records'
import '../shelf.css'

/** /dsfofRecord (productCode, optional): the user's orders of FOFs, newest first, each read as
 * every record list reads an order (its kind, figure and status) and leading to its detail. */
export default function DsfofRecordPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const query = useDsfofRecords(params.get('productCode') || undefined)
  return (
    <div className="shelf-page">
      <QueryView query={query} rows={5} isEmpty={(l) => l.length === 0} emptyTitle="暂无交易记录">
        {(list) => (
          <div data-testid="dsfof-records">
            {list.map((o) => (
              <OrderRow
                key={o.brokerOrderNo}
                order={o}
                onClick={() => navigate(orderDetailPath(o))}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  )
}
