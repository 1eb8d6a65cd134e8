/**
 * 交易详情 (advisor/transactionDetail, serviceAccountId, brokerOrderNo): one order of the robo
 * account — its kind, status, amounts (the estimated and confirmed figures by trading's one rule,
 * orderMoneyFigures) and dates — with the child fund orders under it, each with
 * its own status. A deposit or withdrawal may be cancelled before its trade date's cut-off
 * (cancelOrder, trade password).
 */
import { Button } from 'antd-mobile'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { orderCodeText } from '@/lib/order-codes'
import {
  formatApplyTime,
  orderFigure,
  orderMoneyFigures,
  orderStatus,
  STATUS_COLOR,
  statusText,
  type Order,
} from '@/features/trade'
import { ConfirmDateRow, useIdParam, usePasswordWrite, useTextParam } from '@/features/advisory'
import { useRoboOrder } from '../api/queries'
import type { RoboOrderDetail } from '../api/types'
import { cancelOrder } from '../api/writes'
import '../robo.css'

function Status({ order }: { order: Order }) {
  const s = orderStatus(order)
  return <span style={{ color: STATUS_COLOR[s] }}>{statusText(s)}</span>
}

function Detail({ d, serviceAccountId }: { d: RoboOrderDetail; serviceAccountId: number }) {
  const o = d.order
  const write = usePasswordWrite()
  return (
    <div className="fa-page fa-page--plain" data-testid="robo-order">
      <Section title={orderCodeText(o.orderCode)} extra={<Status order={o} />}>
        <KeyValue label="订单号">{o.brokerOrderNo}</KeyValue>
        <KeyValue label="申请时间">{formatApplyTime(o.applyTime)}</KeyValue>
        {orderMoneyFigures(o, orderStatus(o)).map((r) => (
          <KeyValue key={r.label} label={r.label}>
            {r.value}
          </KeyValue>
        ))}
        <KeyValue label="交易日">{o.tradeDate}</KeyValue>
        <ConfirmDateRow order={o} status={orderStatus(o)} />
      </Section>
      <Section title="基金明细">
        {d.childList.length === 0 ? (
          <p className="fa-muted">暂无明细</p>
        ) : (
          d.childList.map((c) => (
            <div className="fa-row" key={c.brokerOrderNo} data-testid="robo-order-child">
              <div className="fa-row__main">
                {c.productName}
                <div className="fa-row__sub">
                  {orderCodeText(c.orderCode)} · {c.productCode}
                </div>
              </div>
              <div className="fa-row__end">
                <div>{orderFigure(c)}</div>
                <div className="fa-row__sub">
                  <Status order={c} />
                </div>
              </div>
            </div>
          ))
        )}
      </Section>
      {o.canCancel && (
        <div style={{ margin: 12 }}>
          <Button
            block
            fill="outline"
            onClick={() =>
              write.ask({
                description: '撤销该笔交易',
                run: (p) => cancelOrder({ serviceAccountId, brokerOrderNo: o.brokerOrderNo, ...p }),
                done: () => undefined,
              })
            }
          >
            撤单
          </Button>
        </div>
      )}
      {write.node}
    </div>
  )
}

export default function TransactionDetailPage() {
  const id = useIdParam('serviceAccountId')
  const no = useTextParam('brokerOrderNo')
  const query = useRoboOrder(id, no)
  return (
    <QueryView query={query} rows={6} emptyTitle="订单不存在">
      {(d) => <Detail d={d} serviceAccountId={id} />}
    </QueryView>
  )
}
