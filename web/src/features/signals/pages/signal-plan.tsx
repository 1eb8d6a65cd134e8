/**
 * 跟车计划 (poSignalPlan, productCode, financialAccountId): create, change or resume a follow plan
 * — the base amount (跟车金额, at least the product's least follow amount), the way to pay (a
 * card or the wallet), the financial account, the multiple bands — checked as docs/product.md#validation
 * "Follow submission checks" say, then 确认跟车 / 修改跟车 / 恢复跟车 with the trade password,
 * which authorises the orders the plan will place. The result is poSignalPlanResult.
 */
import { useMemo, useState } from 'react'
import { Button } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { useFinancialAccounts } from '@/features/financial-accounts'
import {
  AccountPicker,
  AmountField,
  PayChoice,
  plainNumber,
  ProductHead,
  RiskConfirmModal,
  toAmountString,
  useJudgeRisk,
  usePayChoice,
  useTradeProduct,
  useTradeSubmit,
  useWalletBalance,
  type TradeProduct,
} from '@/features/trade'
import { formatMoney, toDecimal } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { useFollowSetting } from '../api/get-follow-setting'
import { invalidateAfterSignalWrite, setFollow } from '../api/follow-writes'
import type { FollowPlan } from '../api/types'
import { BandTable } from '../components/band-table'
import { checkFollow } from '../lib/rules'
import { signalPlanResultPath } from '../lib/paths'
import { FOLLOW_ACTION_TEXT, FOLLOW_STATUS_TEXT, SIGNAL_TEXTS } from '../lib/texts'
import '../signals.css'

function PlanForm({
  product,
  plan,
  onAccount,
}: {
  product: TradeProduct
  plan: FollowPlan
  /** Another account chosen: its own plan (or none) is read. */
  onAccount: (id: number) => void
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { submit, dialog } = useTradeSubmit()
  const accounts = useFinancialAccounts(false)
  const visibleAccounts = useMemo(
    () => accounts.data?.visibleAccountList ?? accounts.data?.financialAccountList ?? [],
    [accounts.data],
  )
  const financialAccountId =
    plan.financialAccountId ?? visibleAccounts[0]?.financialAccountId ?? null
  const walletBalance = useWalletBalance(financialAccountId)
  const [amount, setAmount] = useState(plan.baseAmount ? plainNumber(plan.baseAmount) : '')
  const [keyboard, setKeyboard] = useState(false)
  const pay = usePayChoice(
    plan.payType
      ? { payType: plan.payType as 'card' | 'wallet', paymentMethodId: plan.paymentMethodId }
      : {},
  )
  const [password, setPassword] = useState(false)
  const risk = useJudgeRisk({ productCode: product.productCode, productType: 'poFund' })
  const verdict = risk.data
  const [riskModal, setRiskModal] = useState(false)
  const [riskConfirmed, setRiskConfirmed] = useState(false)
  const action = plan.action
  const money = toAmountString(amount)
  const scaled = (m: string) => {
    const a = toDecimal(money)
    return a ? formatMoney(a.times(m)) : '--'
  }

  const onSubmit = () => {
    const message = checkFollow({
      canBuy: product.canBuy,
      statusText: product.statusText,
      amount,
      minAmount: plan.minAmount,
      payType: pay.payType,
      paymentMethodId: pay.paymentMethodId,
      walletBalance,
      walletName: plan.walletName,
      hasFinancialAccounts: visibleAccounts.length > 0,
      financialAccountId,
    })
    if (message) {
      showFailToast(message)
      return
    }
    setKeyboard(false)
    if (verdict?.needSurvey) {
      navigate('/riskSurvey')
      return
    }
    if (verdict?.needConfirm && !riskConfirmed) {
      setRiskModal(true)
      return
    }
    setPassword(true)
  }

  const place = async (tradePassword: string) => {
    const outcome = await submit(
      () =>
        setFollow({
          poCode: plan.poCode,
          action,
          financialAccountId,
          baseAmount: money,
          payType: pay.payType,
          paymentMethodId: pay.payType === 'card' ? pay.paymentMethodId : null,
          riskConfirmed,
          tradePassword,
        }),
      { kind: 'plan' },
    )
    if (outcome.ok) {
      setPassword(false)
      await invalidateAfterSignalWrite(queryClient)
      navigate(signalPlanResultPath(plan.poCode, financialAccountId as number, action), {
        replace: true,
      })
      return
    }
    if (outcome.retryPassword) throw outcome.error
    setPassword(false)
  }

  return (
    <div className="trade-page sig-page sig-page--form" data-testid="signal-plan">
      <ProductHead product={product} />
      {plan.isSetConfig && (
        <div className="trade-notice" data-testid="signal-plan-status">
          当前跟车状态：{FOLLOW_STATUS_TEXT[plan.status]}
          {plan.status === 'PAUSE' ? '，恢复后下次发车起自动跟车' : '，修改后下次发车起生效'}
        </div>
      )}
      <div className="trade-card">
        <div className="trade-card__title">跟车金额</div>
        <AmountField
          value={amount}
          onChange={setAmount}
          placeholder={`最低跟车金额为${formatMoney(plan.minAmount)}元`}
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
          testId="follow-amount"
        />
        <p className="sig-muted">{SIGNAL_TEXTS.planRule}</p>
        {money && (
          <p className="sig-muted" data-testid="follow-examples">
            按本金额：0.5倍买入 {scaled('0.5')} 元，1倍买入 {scaled('1')} 元，2倍买入 {scaled('2')}{' '}
            元
          </p>
        )}
      </div>
      <div className="trade-card">
        <BandTable bands={plan.bands} />
      </div>
      <div className="trade-card trade-card--flush">
        <PayChoice
          header="扣款方式"
          choice={pay}
          walletName={plan.walletName}
          walletBalance={walletBalance}
          showWallet
        />
      </div>
      {visibleAccounts.length > 0 && (
        <div className="trade-card trade-card--flush">
          <AccountPicker
            accounts={visibleAccounts}
            value={financialAccountId}
            onChange={onAccount}
          />
        </div>
      )}
      <p className="sig-muted sig-pad">{SIGNAL_TEXTS.planAuthorize}</p>
      <div className="trade-submit">
        <Button block color="primary" size="large" data-testid="follow-submit" onClick={onSubmit}>
          {FOLLOW_ACTION_TEXT[action]}
        </Button>
      </div>
      <TradePasswordPopup
        visible={password}
        description={`${FOLLOW_ACTION_TEXT[action]} 每次${formatMoney(money)}元`}
        onClose={() => setPassword(false)}
        onSubmit={place}
        onForgot={() => navigate('/resetTradePasswordAuth')}
      />
      <RiskConfirmModal
        visible={riskModal}
        verdict={verdict}
        productCode={product.productCode}
        subject="该产品"
        action="跟车"
        onConfirm={() => {
          setRiskConfirmed(true)
          setRiskModal(false)
          setPassword(true)
        }}
        onCancel={() => setRiskModal(false)}
      />
      {dialog}
    </div>
  )
}

export default function SignalPlanPage() {
  const [params] = useSearchParams()
  const poCode = params.get('productCode') ?? params.get('poCode') ?? ''
  const [accountId, setAccountId] = useState<number | null>(
    Number(params.get('financialAccountId')) || null,
  )
  const product = useTradeProduct(poCode, 'PO')
  const setting = useFollowSetting(poCode, accountId)
  return (
    <QueryView query={product} rows={6}>
      {(p) => (
        <QueryView query={setting} rows={6}>
          {(plan) => (
            <PlanForm
              key={`${plan.financialAccountId ?? accountId ?? 'any'}`}
              product={p}
              plan={{ ...plan, financialAccountId: plan.financialAccountId ?? accountId }}
              onAccount={setAccountId}
            />
          )}
        </QueryView>
      )}
    </QueryView>
  )
}
