/**
 * 转换结果 (convert/result; brokerOrderNo): the conversion's status (deriveOrderStatus), what
 * was applied for (A → B, shares), its steps 提交成功 → 份额确认 → 查看收益, and 查看资产 /
 * 完成. 完成 goes back to the holding converted out.
 */
import { Button, List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import {
  beijingToday,
  orderStatus,
  OrderTimeline,
  statusText,
  useOrderDetail,
  type Order,
} from '@/features/trade'
import { formatNumber } from '@/lib/format'
import { StatusIcon } from '../components/status-icon'
import { convertPath } from '../hooks/use-convert-account'
import { buildConvertTimeline, convertTarget } from '../lib/convert-order'
import { FigureValue } from '../components/figure-value'
import '../convert.css'

function Result({ order }: { order: Order }) {
  const navigate = useNavigate()
  const status = orderStatus(order)
  const target = convertTarget(order)
  const steps = buildConvertTimeline(order, status, beijingToday())
  const title = status === 'ing' ? '转换申请已提交' : statusText(status)
  return (
    <div className="convert-page" data-testid="convert-result">
      <div className="convert-result">
        <StatusIcon status={status} />
        <div
          className="convert-result__status"
          data-testid="convert-result-status"
          data-status={status}
        >
          {title}
        </div>
        <div className="convert-result__desc">
          {order.productName} → {target.fundName}
        </div>
        <OrderTimeline steps={steps} />
      </div>
      <List className="convert-figures">
        <List.Item
          extra={<FigureValue row={{ value: order.productName, note: order.productCode }} />}
        >
          转出基金
        </List.Item>
        <List.Item extra={<FigureValue row={{ value: target.fundName, note: target.fundCode }} />}>
          转入基金
        </List.Item>
        <List.Item extra={`${formatNumber(order.tradeShare)}份`}>转出份额</List.Item>
        <List.Item extra={order.tradeDate}>交易日</List.Item>
        {order.failReason && <List.Item extra={order.failReason}>失败原因</List.Item>}
      </List>
      <div className="convert-actions">
        <Button fill="outline" color="primary" onClick={() => navigate('/mine', { replace: true })}>
          查看资产
        </Button>
        <Button
          color="primary"
          data-testid="convert-done"
          onClick={() =>
            navigate(
              convertPath('/assetsDetail', {
                productCode: order.productCode,
                productType: 'fund',
                financialAccountId: order.financialAccountId,
              }),
              { replace: true },
            )
          }
        >
          完成
        </Button>
      </div>
      <p className="convert-foot convert-foot--center">
        可在
        <button
          type="button"
          className="convert-link"
          onClick={() => navigate('/convertTransactionRecord')}
        >
          转换记录
        </button>
        中查看进度
      </p>
    </div>
  )
}

export default function ConvertResultPage() {
  const [params] = useSearchParams()
  const no = params.get('brokerOrderNo') ?? ''
  const query = useOrderDetail(no)
  return (
    <QueryView query={query} rows={6} emptyTitle="未找到该订单">
      {(order) => <Result order={order} />}
    </QueryView>
  )
}
