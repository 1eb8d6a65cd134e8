import { List } from 'antd-mobile'
import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { useDsfofRecords } from '../api/get-dsfof-records'
import '../shelf.css'

/** /dsfofRecord (productCode, optional): the user's orders of FOFs, newest first. */
export default function DsfofRecordPage() {
  const [params] = useSearchParams()
  const query = useDsfofRecords(params.get('productCode') || undefined)
  return (
    <div className="shelf-page">
      <QueryView query={query} rows={5} isEmpty={(l) => l.length === 0} emptyTitle="暂无交易记录">
        {(list) => (
          <List data-testid="dsfof-records">
            {list.map((r) => (
              <List.Item
                key={r.orderNo}
                description={`${r.applyTime.slice(0, 16).replace('T', ' ')} · ${r.fundName}`}
                extra={
                  <span>
                    {r.orderCode === '024'
                      ? `${formatMoney(r.tradeShare)}份`
                      : `${formatMoney(r.tradeAmount)}元`}
                    <br />
                    <span className="shelf-muted">{r.statusName}</span>
                  </span>
                }
              >
                {r.orderName}
              </List.Item>
            ))}
          </List>
        )}
      </QueryView>
    </div>
  )
}
