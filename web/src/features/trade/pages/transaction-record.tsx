/**
 * 交易记录 (transactionRecord, transactionRecordV2): the user's orders, newest first, under the
 * filters 全部 / 买入 / 卖出 / 进行中 (getAllOrders type all, buy, sell, ing), optionally for one
 * financial account or product (query financialAccountId, productCode); conversions have their
 * own list, 转换记录, one tap away.
 */
import { Tabs } from 'antd-mobile'
import { RightOutline } from 'antd-mobile-icons'
import { useNavigate, useSearchParams } from 'react-router'
import type { OrderFilter } from '../api/types'
import { OrderList } from '../components/order-list'
import '../trade.css'

export const ORDER_FILTERS: { key: OrderFilter; title: string }[] = [
  { key: 'all', title: '全部' },
  { key: 'buy', title: '买入' },
  { key: 'sell', title: '卖出' },
  { key: 'ing', title: '进行中' },
]

export default function TransactionRecordPage() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const type = (ORDER_FILTERS.find((f) => f.key === params.get('type'))?.key ??
    'all') as OrderFilter
  const financialAccountId = Number(params.get('financialAccountId')) || null
  const productCode = params.get('productCode')
  return (
    <div>
      <div className="order-filter">
        <Tabs
          activeKey={type}
          onChange={(key) => {
            const next = new URLSearchParams(params)
            next.set('type', key)
            setParams(next, { replace: true })
          }}
        >
          {ORDER_FILTERS.map((f) => (
            <Tabs.Tab key={f.key} title={f.title} />
          ))}
        </Tabs>
        <button
          type="button"
          className="order-filter__more"
          data-testid="convert-record-entry"
          onClick={() => navigate('/convertTransactionRecord')}
        >
          转换记录
          <RightOutline />
        </button>
      </div>
      <OrderList key={type} params={{ type, financialAccountId, productCode }} />
    </div>
  )
}
