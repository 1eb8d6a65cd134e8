/**
 * 转换记录 (convertTransactionRecord): the user's conversions (orders 036), newest first, 10 a
 * page, the next page loading as the end of the list comes into view; each row A → B with the
 * shares, the date and the status. A row opens convert/transactionDetail.
 */
import { ErrorBlock } from 'antd-mobile'
import { LoadMore } from '@/components/load-more'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useConvertOrders } from '../api/get-convert-orders'
import { ConvertRow } from '../components/convert-row'
import { convertPath } from '../hooks/use-convert-account'
import '../convert.css'

export default function ConvertRecordPage() {
  const navigate = useNavigate()
  const query = useConvertOrders()
  const rows = (query.data?.pages ?? []).flatMap((p) => p.content)
  return (
    <QueryView
      query={query}
      rows={6}
      isEmpty={() => rows.length === 0 && !query.hasNextPage}
      empty={
        <ErrorBlock
          status="empty"
          title="暂无转换记录"
          description="在持有基金的详情页点击“转换”，可将其转换为同一基金公司旗下的其他基金"
        />
      }
    >
      {() => (
        <div className="convert-records" data-testid="convert-records">
          {rows.map((o) => (
            <ConvertRow
              key={o.brokerOrderNo}
              order={o}
              onClick={() =>
                navigate(
                  convertPath('/convert/transactionDetail', { brokerOrderNo: o.brokerOrderNo }),
                )
              }
            />
          ))}
          <LoadMore query={query} />
        </div>
      )}
    </QueryView>
  )
}
