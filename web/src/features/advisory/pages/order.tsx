/**
 * 订单 (fa/order, brokerOrderNo): a parent order of a service account — a deposit (P02), a
 * withdrawal (P03), an adjustment (P04) or an adviser fee (W12) — with its status, amounts (the
 * estimated and confirmed figures by trading's one rule, orderMoneyFigures) and dates, and the child fund orders under it, each with its own status. A deposit or withdrawal
 * may be cancelled before its trade date's cut-off (trade password).
 */
import { Button, Dialog } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatNumber, toDecimal } from '@/lib/format'
import { orderCodeText } from '@/lib/order-codes'
import {
  formatApplyTime,
  orderFigure,
  orderMoneyFigures,
  orderStatus,
  STATUS_COLOR,
  statusText,
} from '@/features/trade'
import { useMoneyOrder } from '../api/get-money-order'
import type { MoneyOrder } from '../api/types'
import { cancelOrder } from '../api/writes'
import { ConfirmDateRow } from '../components/confirm-date-row'
import { usePasswordWrite } from '../components/use-password-write'
import { useTextParam } from '../lib/params'
import { accountHomePath } from '../lib/paths'
import '../advisory.css'

function Detail({ detail }: { detail: MoneyOrder }) {
  const navigate = useNavigate()
  const write = usePasswordWrite()
  const o = detail.order
  const status = orderStatus(o)
  const cancel = async () => {
    const ok = await Dialog.confirm({
      content: '撤单后本笔交易将不再执行，已支付的款项将退回。',
      confirmText: '确认撤单',
      cancelText: '取消',
    })
    if (ok)
      write.ask({
        description: '撤销本笔交易',
        run: (p) => cancelOrder({ brokerOrderNo: o.brokerOrderNo, ...p }),
        done: () => undefined,
      })
  }
  return (
    <div className="fa-page" data-testid="fa-order" data-status={status}>
      <Section
        title={`${orderCodeText(o.orderCode)} · ${o.productName}`}
        extra={
          <span style={{ color: STATUS_COLOR[status] }} data-testid="fa-order-status">
            {statusText(status)}
          </span>
        }
      >
        {orderMoneyFigures(o, status).map((r) => (
          <KeyValue key={r.label} label={r.label}>
            {r.value}
          </KeyValue>
        ))}
        <KeyValue label="申请时间">{formatApplyTime(o.applyTime)}</KeyValue>
        <KeyValue label="交易日">{o.tradeDate || '--'}</KeyValue>
        <ConfirmDateRow order={o} status={status} />
        <KeyValue label="订单号">{o.brokerOrderNo}</KeyValue>
      </Section>
      <Section title="基金明细">
        {detail.childList.length === 0 ? (
          <p className="fa-muted">暂无基金明细</p>
        ) : (
          detail.childList.map((c) => {
            const s = orderStatus(c)
            return (
              <div className="fa-row" key={c.brokerOrderNo} data-testid="fa-order-child">
                <div className="fa-row__main">
                  {orderCodeText(c.orderCode)} · {c.productName}
                  <div className="fa-row__sub">
                    {toDecimal(c.confirmedShares)?.gt(0)
                      ? `确认份额 ${formatNumber(c.confirmedShares)}份`
                      : c.productCode}
                  </div>
                </div>
                <div className="fa-row__end">
                  {orderFigure(c)}
                  <div className="fa-row__sub" style={{ color: STATUS_COLOR[s] }}>
                    {statusText(s)}
                  </div>
                </div>
              </div>
            )
          })
        )}
      </Section>
      <div className="trade-footer fa-footer">
        {detail.serviceAccountId && (
          <Button
            fill="outline"
            onClick={() => navigate(accountHomePath(detail.serviceAccountId as number))}
          >
            返回投顾账户
          </Button>
        )}
        {o.canCancel && (o.orderCode === 'P02' || o.orderCode === 'P03') && (
          <Button color="primary" data-testid="fa-order-cancel" onClick={cancel}>
            撤单
          </Button>
        )}
      </div>
      {write.node}
    </div>
  )
}

export default function OrderPage() {
  const brokerOrderNo = useTextParam('brokerOrderNo')
  const query = useMoneyOrder(brokerOrderNo)
  return (
    <QueryView query={query} rows={6} emptyTitle="未找到该订单">
      {(d) => <Detail detail={d} />}
    </QueryView>
  )
}
