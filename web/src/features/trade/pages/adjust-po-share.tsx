/**
 * 组合调仓 (adjustPoShare?poCode&financialAccountId): the holder's portfolio against the model's
 * current weights (getPoAdjustmentSummary) — each fund's current and target weight, the action
 * and its estimated amount — then 一键调仓 → trade password → the P04 order (adjustPoShare) →
 * tradeResult. Sells go first; the buys they pay for are confirmed one trading day after them.
 */
import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { useFinancialAccounts } from '@/features/financial-accounts'
import { formatMoney, formatPercent } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { useTradeUUID } from '@/lib/trade-uuid'
import {
  adjustPoShare,
  usePoAdjustmentSummary,
  type PoAdjustmentSummary,
} from '../api/adjust-po-share'
import { invalidateAfterTrade } from '../api/trade-writes'
import { useTradeSubmit } from '../hooks/use-trade-submit'
import { ACTION_TEXT, adjustBlockedReason, adjustmentTotals } from '../lib/rebalance'
import '../trade.css'

function Summary({
  summary,
  financialAccountId,
}: {
  summary: PoAdjustmentSummary
  financialAccountId: number
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { tradeUUID, renew } = useTradeUUID()
  const { submit, dialog } = useTradeSubmit()
  const [password, setPassword] = useState(false)
  const totals = adjustmentTotals(summary.items)
  const blocked = adjustBlockedReason(summary)

  const onSubmit = () => {
    if (blocked) return showFailToast(blocked)
    setPassword(true)
  }
  const place = async (tradePassword: string) => {
    const outcome = await submit(
      () => adjustPoShare({ financialAccountId, poCode: summary.poCode, tradePassword, tradeUUID }),
      { match: { productCode: summary.poCode } },
    )
    if (outcome.ok) {
      setPassword(false)
      renew()
      void invalidateAfterTrade(queryClient)
      navigate(`/tradeResult?brokerOrderNo=${encodeURIComponent(outcome.value.brokerOrderNo)}`, {
        replace: true,
      })
      return
    }
    if (outcome.retryPassword) throw outcome.error
    setPassword(false)
  }

  return (
    <div className="trade-page">
      <div className="trade-card">
        <div className="trade-card__title">{summary.poName}</div>
        <div className="trade-lines">
          <div>
            持有市值 <strong>{formatMoney(summary.totalValue)}元</strong>
          </div>
          {summary.latestAdjustDate && <div>组合最近调仓日 {summary.latestAdjustDate}</div>}
          <div>
            {summary.needAdjust ? '您的持仓已偏离组合目标配置' : '您的持仓与组合目标配置一致'}
          </div>
        </div>
      </div>
      <div className="trade-card">
        <table className="adjust-table" data-testid="adjust-table" style={{ width: '100%' }}>
          <thead>
            <tr>
              <th align="left">基金</th>
              <th align="right">当前占比</th>
              <th align="right">目标占比</th>
              <th align="right">操作</th>
            </tr>
          </thead>
          <tbody>
            {summary.items.map((i) => (
              <tr key={i.fundCode} data-testid="adjust-item">
                <td>
                  <div>{i.fundName}</div>
                  <small>{i.fundCode}</small>
                </td>
                <td align="right">{formatPercent(i.currentWeight)}</td>
                <td align="right">{formatPercent(i.targetWeight)}</td>
                <td align="right">
                  {ACTION_TEXT[i.action]}
                  {i.action !== 'HOLD' && <div>约{formatMoney(i.estimatedAmount)}元</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="trade-lines">
          <div>
            预估卖出 <strong>{formatMoney(totals.sell)}元</strong>，预估买入{' '}
            <strong>{formatMoney(totals.buy)}元</strong>
          </div>
          <div>按最新净值估算；先卖出超配基金，卖出确认后的下一个交易日买入低配基金</div>
        </div>
      </div>
      <div className="trade-footer">
        <Button
          block
          color="primary"
          data-testid="trade-submit"
          disabled={!!blocked}
          onClick={onSubmit}
        >
          一键调仓
        </Button>
      </div>
      <TradePasswordPopup
        visible={password}
        description={`调仓 ${summary.poName}`}
        onClose={() => setPassword(false)}
        onSubmit={place}
        onForgot={() => navigate('/resetTradePasswordAuth')}
      />
      {dialog}
    </div>
  )
}

export default function AdjustPoSharePage() {
  const [params] = useSearchParams()
  const poCode = params.get('poCode') ?? params.get('productCode') ?? ''
  const accounts = useFinancialAccounts(false)
  const financialAccountId =
    Number(params.get('financialAccountId')) ||
    accounts.data?.visibleAccountList?.[0]?.financialAccountId ||
    null
  const summary = usePoAdjustmentSummary({ financialAccountId, poCode })
  return (
    <QueryView query={summary} rows={6} emptyTitle="暂无可调仓的组合">
      {(data) =>
        financialAccountId ? (
          <Summary summary={data} financialAccountId={financialAccountId} />
        ) : null
      }
    </QueryView>
  )
}
