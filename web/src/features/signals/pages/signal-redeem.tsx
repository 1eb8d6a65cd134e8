/**
 * 信号卖出 (signalRedeem, poCode, sigId, financialAccountId): the part of the holding a sell
 * signal instructs, sold by hand — the signal and its part, the estimate of what it redeems, the
 * cash to the wallet — with the trade password; the order is a signal sell order.
 */
import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useQueryClient, useQuery } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { KeyValue, Section } from '@/components/section'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { useFinancialAccounts } from '@/features/financial-accounts'
import { useTradeSubmit } from '@/features/trade'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'
import { formatMoney, formatNumber } from '@/lib/format'
import { useTradeUUID } from '@/lib/trade-uuid'
import { invalidateAfterSignalWrite, redeemBySignal } from '../api/follow-writes'
import { useSignalPages } from '../api/get-signals'
import { partText } from '../lib/texts'
import '../signals.css'

type Estimate = GetData<'/trade/prepareRedeemPo'>

export default function SignalRedeemPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const poCode = params.get('poCode') ?? params.get('productCode') ?? ''
  const sigId = params.get('sigId') ?? ''
  const accounts = useFinancialAccounts(false)
  const financialAccountId =
    Number(params.get('financialAccountId')) ||
    accounts.data?.financialAccountList?.[0]?.financialAccountId ||
    null
  const signal = useSignalPages(poCode, sigId)
  const s = signal.data?.pages[0].list[0]
  const ratio = s?.signalType === 'SELL' ? s.autoFollowBuyRate : null
  const estimate = useQuery({
    queryKey: ['signals', 'estimate', poCode, financialAccountId, ratio],
    queryFn: () =>
      get<Estimate>(
        '/trade/prepareRedeemPo',
        { poCode, financialAccountId, ratio },
        { cache: false },
      ),
    enabled: !!ratio && !!financialAccountId,
  })
  const { tradeUUID, renew } = useTradeUUID()
  const { submit, dialog } = useTradeSubmit()
  const [password, setPassword] = useState(false)
  const [done, setDone] = useState<string | null>(null)

  const place = async (tradePassword: string) => {
    const outcome = await submit(
      () =>
        redeemBySignal({
          financialAccountId: financialAccountId as number,
          poCode,
          sigId,
          redeemTo: 'wallet',
          tradePassword,
          tradeUUID,
        }),
      { kind: 'plan' },
    )
    if (outcome.ok) {
      setPassword(false)
      renew()
      await invalidateAfterSignalWrite(queryClient)
      setDone(outcome.value.brokerOrderNo)
      return
    }
    if (outcome.retryPassword) throw outcome.error
    setPassword(false)
  }

  if (done) {
    return (
      <ResultView
        status="success"
        title="卖出申请已提交"
        description={
          <div data-testid="signal-redeem-result">
            按信号卖出持有份额的{partText(ratio)}，资金将转入钱包
          </div>
        }
        actions={[
          {
            text: '查看订单',
            onClick: () =>
              navigate(`/transactionDetail?brokerOrderNo=${encodeURIComponent(done)}`, {
                replace: true,
              }),
          },
          { text: '完成', primary: false, onClick: () => navigate(-1) },
        ]}
      />
    )
  }

  return (
    <div className="sig-page" data-testid="signal-redeem">
      <QueryView
        query={signal}
        rows={4}
        emptyTitle="发车信号不存在"
        isEmpty={(d) => d.pages[0].list.length === 0}
      >
        {(d) => {
          const page = d.pages[0]
          const sig = page.list[0]
          if (sig.signalType !== 'SELL')
            return (
              <ResultView
                status="info"
                title="该发车不是卖出信号"
                actions={[{ text: '返回', onClick: () => navigate(-1) }]}
              />
            )
          return (
            <>
              <Section title={page.productName}>
                <KeyValue label="发车日期">{sig.sigDate}</KeyValue>
                <KeyValue label="卖出比例">
                  <span data-testid="signal-redeem-part">{partText(sig.autoFollowBuyRate)}</span>
                </KeyValue>
                <p className="sig-desc">{sig.description}</p>
              </Section>
              <Section title="预计卖出">
                <QueryView query={estimate} rows={3} emptyTitle="暂无可卖出的持仓">
                  {(e) => (
                    <div data-testid="signal-redeem-estimate">
                      {e.items.map((i) => (
                        <KeyValue key={i.fundCode} label={i.fundName}>
                          {formatNumber(i.shares)}份
                        </KeyValue>
                      ))}
                      <KeyValue label="预计到账(元)">{formatMoney(e.estimatedAmount)}</KeyValue>
                      <KeyValue label="预计费用(元)">{formatMoney(e.estimatedFee)}</KeyValue>
                    </div>
                  )}
                </QueryView>
              </Section>
              <p className="sig-muted sig-pad">卖出资金于确认后转入钱包，以确认日净值为准。</p>
              <div className="sig-actions">
                <Button
                  block
                  color="primary"
                  data-testid="signal-redeem-submit"
                  disabled={!estimate.data}
                  onClick={() => setPassword(true)}
                >
                  确认卖出
                </Button>
              </div>
            </>
          )
        }}
      </QueryView>
      <TradePasswordPopup
        visible={password}
        description={`卖出持有份额的${partText(ratio)}`}
        onClose={() => setPassword(false)}
        onSubmit={place}
        onForgot={() => navigate('/resetTradePasswordAuth')}
      />
      {dialog}
    </div>
  )
}
