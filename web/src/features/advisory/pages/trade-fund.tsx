/**
 * 基金交易 (fa/tradeFund, serviceAccountId, fundCode): one component fund of the account — its
 * shares, value, weight against the model's — and, where the strategy allows it, selling shares
 * of that fund alone (fund/preRedeem for the estimate, fund/redeem with the trade password).
 */
import { useState } from 'react'
import { Button, Input } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { ApiError } from '@/lib/api-client'
import { formatMoney, formatNav, formatNumber, formatPercent, toDecimal } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { useFundAsset } from '../api/get-fund-asset'
import type { FundHolding, Preredeem } from '../api/types'
import { preRedeemFund, redeemFund } from '../api/writes'
import { usePasswordWrite } from '../components/use-password-write'
import { useIdParam, useTextParam } from '../lib/params'
import { withQuery } from '../lib/paths'
import '../advisory.css'

function Form({ serviceAccountId, h }: { serviceAccountId: number; h: FundHolding }) {
  const navigate = useNavigate()
  const [shares, setShares] = useState('')
  const [estimate, setEstimate] = useState<Preredeem | null>(null)
  const write = usePasswordWrite()
  const valid = !!toDecimal(shares)?.gt(0)
  const estimateNow = async () => {
    try {
      setEstimate(await preRedeemFund({ serviceAccountId, fundCode: h.fundCode, shares }))
    } catch (e) {
      showFailToast(e instanceof ApiError ? e.message : '预估失败')
    }
  }
  const submit = () =>
    write.ask({
      description: `卖出 ${h.fundName} ${formatNumber(shares)} 份`,
      match: { productCode: h.fundCode },
      run: (p) =>
        redeemFund({
          serviceAccountId,
          fundCode: h.fundCode,
          shares,
          redeemTo: 'wallet',
          paymentMethodId: null,
          ...p,
        }),
      done: (order) =>
        navigate(withQuery('/fa/order', { brokerOrderNo: order.brokerOrderNo }), { replace: true }),
    })
  return (
    <div className="fa-page" data-testid="fa-trade-fund">
      <Section title={`${h.fundName} ${h.fundCode}`}>
        <KeyValue label="持有份额">{formatNumber(h.shares)}份</KeyValue>
        <KeyValue label="可卖份额">{formatNumber(h.availableShares)}份</KeyValue>
        <KeyValue label="净值">
          {formatNav(h.nav)} {h.navDate ?? ''}
        </KeyValue>
        <KeyValue label="市值(元)">{formatMoney(h.marketValue)}</KeyValue>
        <KeyValue label="占比/目标">
          {formatPercent(h.weight)} / {formatPercent(h.targetWeight)}
        </KeyValue>
      </Section>
      <div className="trade-notice">单独卖出会使账户偏离投顾模型，投顾后续调仓时将重新调整。</div>
      <Section title="卖出份额">
        <Input
          value={shares}
          onChange={(v) => {
            setShares(v.replace(/[^\d.]/g, ''))
            setEstimate(null)
          }}
          placeholder={`最多可卖${formatNumber(h.availableShares)}份`}
          inputMode="decimal"
          aria-label="卖出份额"
        />
        <Button size="small" fill="outline" disabled={!valid} onClick={() => void estimateNow()}>
          预估金额
        </Button>
        {estimate && (
          <p className="fa-muted">
            预估到账 {formatMoney(estimate.totalAmount)} 元，赎回费 {formatMoney(estimate.totalFee)}{' '}
            元
          </p>
        )}
      </Section>
      <div className="trade-footer">
        <Button block color="primary" disabled={!valid} onClick={submit}>
          确认卖出
        </Button>
      </div>
      {write.node}
    </div>
  )
}

export default function TradeFundPage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const fundCode = useTextParam('fundCode')
  const query = useFundAsset(serviceAccountId, fundCode)
  return (
    <QueryView query={query} rows={6} emptyTitle="未找到该持仓">
      {(h) => <Form serviceAccountId={serviceAccountId} h={h} />}
    </QueryView>
  )
}
