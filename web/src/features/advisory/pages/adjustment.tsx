/**
 * 调仓 (fa/adjustment, a robo account's advisor/adjustment; adjustmentId), titled with the
 * account's name as its other screens name it (serviceName: a robo account's own name, an
 * advisory account's strategy): what the adviser changes and why — each fund's weight before
 * and after (新增, 清仓, 调增, 调减) with the account's current weight, the new composition — its
 * status and deadline, and every transition so far. A HALF_DISCRETIONARY customer confirms it
 * (trade password) or declines it before it expires; a confirmed one may be withdrawn until its
 * order's cut-off.
 */
import { Button, Dialog } from 'antd-mobile'
import { useLocation, useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatPercent } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { ApiError } from '@/lib/api-client'
import { useAdjustment } from '../api/get-adjustment'
import type { Adjustment } from '../api/types'
import { changeAdjustment, invalidateAdvisory, type AdjustmentAction } from '../api/writes'
import { Composition } from '../components/composition'
import { usePasswordWrite } from '../components/use-password-write'
import { useIdParam } from '../lib/params'
import { isRoboScreen, withQuery } from '../lib/paths'
import {
  adjustmentActorText,
  adjustmentColor,
  adjustmentLabel,
  awaitsCustomer,
} from '../lib/status'
import { MODEL_KIND_TEXT, triggerText } from '../lib/texts'
import { CHANGE_TEXT, weightChanges } from '../lib/weights'
import '../advisory.css'

const time = (v: string | null | undefined) => (v ? v.slice(0, 16).replace('T', ' ') : '--')

/** A confirmed adjustment whose order may still be withdrawn. */
const withdrawable = (status: string) => status === 'UNCOMMITTED' || status === 'ORDER_IN_PROCESS'

function Detail({ a }: { a: Adjustment }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const write = usePasswordWrite()
  const rows = weightChanges(
    a.itemList.map((i) => ({ code: i.fundCode, name: i.fundName, weight: i.weightBefore })),
    a.itemList.map((i) => ({ code: i.fundCode, name: i.fundName, weight: i.weightAfter })),
  )
  // a robo account's order opens on its own 交易详情 (advisor/transactionDetail)
  const orderPath = isRoboScreen(useLocation().pathname)
    ? withQuery('/advisor/transactionDetail', {
        serviceAccountId: a.serviceAccountId,
        brokerOrderNo: a.brokerOrderNo,
      })
    : withQuery('/fa/order', { brokerOrderNo: a.brokerOrderNo })
  const current = new Map(a.itemList.map((i) => [i.fundCode, i.currentWeight]))
  const toResult = (action: AdjustmentAction) =>
    navigate(withQuery('/fa/adjustmentResult', { adjustmentId: a.adjustmentId, action }), {
      replace: true,
    })

  const withPassword = (action: 'confirm' | 'withdraw') =>
    write.ask({
      description: action === 'confirm' ? '确认执行本次调仓' : '撤回本次调仓',
      run: (p) => changeAdjustment(action, { adjustmentId: a.adjustmentId, ...p }),
      done: () => toResult(action),
    })

  const decline = async () => {
    const ok = await Dialog.confirm({
      title: '暂不调仓',
      content: '放弃后本次调仓将不执行，账户继续按当前持仓运作。',
      confirmText: '确认放弃',
      cancelText: '再想想',
    })
    if (!ok) return
    try {
      await changeAdjustment('cancel', { adjustmentId: a.adjustmentId })
      await invalidateAdvisory(queryClient)
      toResult('cancel')
    } catch (e) {
      showFailToast(e instanceof ApiError ? e.message : '网络错误')
    }
  }

  return (
    <div className="fa-page" data-testid="fa-adjustment" data-status={a.status}>
      <Section
        title={<span data-testid="fa-adjustment-title">{a.serviceName}</span>}
        extra={
          <span style={{ color: adjustmentColor(a.status) }} data-testid="fa-adjustment-status">
            {adjustmentLabel(a.status)}
          </span>
        }
      >
        <KeyValue label="调仓类型">
          {triggerText(a.trigger)} · {MODEL_KIND_TEXT[a.modelKind] ?? a.modelKind}
        </KeyValue>
        <KeyValue label="发起时间">{time(a.createTime)}</KeyValue>
        {a.expireTime && <KeyValue label="确认截止">{time(a.expireTime)}</KeyValue>}
        {a.reason && <p className="fa-muted">调仓说明：{a.reason}</p>}
        {a.failReason && <p className="fa-muted">失败原因：{a.failReason}</p>}
        {a.brokerOrderNo && (
          <KeyValue label="调仓订单">
            <a role="link" onClick={() => navigate(orderPath)}>
              查看 ›
            </a>
          </KeyValue>
        )}
      </Section>
      {awaitsCustomer(a.status) && (
        <div className="trade-notice">
          确认后将按新的配置卖出调减的基金、买入调增的基金；截止前未确认，本次调仓不执行。
        </div>
      )}
      <Section title="调仓明细">
        <table className="fa-table" data-testid="fa-adjustment-items">
          <thead>
            <tr>
              <th>基金</th>
              <th>当前</th>
              <th>调整前</th>
              <th>调整后</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.code} data-code={r.code}>
                <td>
                  {r.name}
                  <div className="fa-row__sub">{CHANGE_TEXT[r.kind]}</div>
                </td>
                <td>{formatPercent(current.get(r.code))}</td>
                <td>{formatPercent(r.before)}</td>
                <td data-testid="fa-weight-after">{formatPercent(r.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="调整后配置">
        <Composition
          items={a.itemList.map((i) => ({ name: i.fundName, weight: i.weightAfter }))}
          caption="目标配置"
        />
      </Section>
      {a.historyList.length > 0 && (
        <Section title="处理记录">
          {a.historyList.map((h, n) => (
            <div className="fa-row" key={n}>
              <div className="fa-row__main">
                {adjustmentLabel(h.toStatus)}
                <div className="fa-row__sub">{adjustmentActorText(h.actor)}</div>
              </div>
              <span className="fa-row__sub">{time(h.time)}</span>
            </div>
          ))}
        </Section>
      )}
      {awaitsCustomer(a.status) && (
        <div className="trade-footer fa-footer">
          <Button fill="outline" data-testid="fa-adjustment-cancel" onClick={decline}>
            暂不调仓
          </Button>
          <Button
            color="primary"
            data-testid="fa-adjustment-confirm"
            onClick={() => withPassword('confirm')}
          >
            确认调仓
          </Button>
        </div>
      )}
      {withdrawable(a.status) && (
        <div className="trade-footer">
          <Button block fill="outline" onClick={() => withPassword('withdraw')}>
            撤回调仓
          </Button>
        </div>
      )}
      {write.node}
    </div>
  )
}

export default function AdjustmentPage() {
  const adjustmentId = useIdParam('adjustmentId')
  const query = useAdjustment(adjustmentId)
  return (
    <QueryView query={query} rows={8} emptyTitle="未找到该调仓">
      {(a) => <Detail a={a} />}
    </QueryView>
  )
}
