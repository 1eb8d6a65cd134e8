import { List } from 'antd-mobile'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { useMemberProduct } from '../api'
import '../membership.css'

/** 会员权益 (member/richView): the membership's terms and the strategies it frees of the
 * adviser fee. */
export default function MemberRichViewPage() {
  const product = useMemberProduct()
  return (
    <QueryView query={product} rows={6}>
      {(p) => (
        <div className="mb-page">
          <div className="mb-hero">
            <h2>{p.productName}</h2>
            <p>
              {formatMoney(p.price)}元，有效期{p.days}天
            </p>
          </div>
          <List header="会员权益">
            {p.benefits.map((b) => (
              <List.Item key={b}>{b}</List.Item>
            ))}
          </List>
          <List header="会员专属投顾组合（免收投顾服务费）">
            {p.strategies.length === 0 ? (
              <List.Item>暂无会员专属组合</List.Item>
            ) : (
              p.strategies.map((s) => (
                <List.Item key={s.poCode} extra={s.poCode}>
                  {s.poName}
                </List.Item>
              ))
            )}
          </List>
        </div>
      )}
    </QueryView>
  )
}
