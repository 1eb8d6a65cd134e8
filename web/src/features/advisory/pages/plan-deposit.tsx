/**
 * 计划投入 (fa/planDeposit, serviceAccountId, investPlanId to modify): a deposit-invest plan into
 * the service account — an amount each period (at least the strategy's minimum), the period and
 * its day, paid by card or from the wallet — on the plan engine (docs/plans.md); each run is a
 * deposit split by the model's weights. The trade password sets it; its detail opens on
 * fa/planDepositDetail.
 */
import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { formatMoney, toDecimal } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { useWalletName } from '@/features/platform'
import { PeriodPicker, PLAN_MESSAGES } from '@/features/plans'
import {
  AmountField,
  beijingToday,
  PayChoice,
  plainNumber,
  toAmountString,
  usePayChoice,
} from '@/features/trade'
import { useAccountInfo } from '../api/get-account-info'
import { useDepositPlan } from '../api/get-deposit-plan'
import { useDepositPlanParam } from '../api/get-deposit-plan-param'
import { usePaymentMethods } from '../api/get-payment-methods'
import type { AccountInfo, DepositPlan, DepositPlanParam } from '../api/types'
import { saveDepositPlan } from '../api/writes'
import { usePasswordWrite } from '../components/use-password-write'
import { useIdParam } from '../lib/params'
import { faPath } from '../lib/paths'
import '../advisory.css'

type Period = {
  periodUnit: 0 | 1 | 2 | 3
  periodInterval: number
  periodDay: number | null
  periodMonth: number | null
}

function Form({
  info,
  param,
  plan,
}: {
  info: AccountInfo
  param: DepositPlanParam
  plan: DepositPlan | null
}) {
  const navigate = useNavigate()
  const [amount, setAmount] = useState(plan ? plainNumber(plan.amount) : '')
  const [keyboard, setKeyboard] = useState(false)
  const [period, setPeriod] = useState<Period>(
    plan
      ? {
          periodUnit: plan.periodUnit,
          periodInterval: plan.periodInterval,
          periodDay: plan.periodDay,
          periodMonth: plan.periodMonth,
        }
      : { periodUnit: 2, periodInterval: 1, periodDay: 1, periodMonth: null },
  )
  const pay = usePayChoice(
    plan
      ? {
          payType: plan.payType === 'wallet' ? 'wallet' : 'card',
          paymentMethodId: plan.paymentMethodId,
        }
      : {},
  )
  const methods = usePaymentMethods(info.serviceAccountId)
  const walletName = useWalletName()
  const write = usePasswordWrite()
  const submit = () => {
    const money = toDecimal(amount)
    if (!money || money.lte(0)) return showFailToast('请输入每期金额')
    // the plan engine's minimum, in its words (plans' 最低定投金额为{min}元)
    if (money.lt(param.minAmount))
      return showFailToast(PLAN_MESSAGES.belowMin(formatMoney(param.minAmount)))
    if (!pay.payType) return showFailToast('请选择 "扣款方式"')
    write.ask({
      description: `每期投入 ${formatMoney(toAmountString(amount))} 元`,
      run: (p) =>
        saveDepositPlan({
          serviceAccountId: info.serviceAccountId,
          investPlanId: plan?.investPlanId ?? null,
          amount: toAmountString(amount),
          ...period,
          payType: pay.payType === 'wallet' ? 'wallet' : 'card',
          paymentMethodId: pay.payType === 'card' ? pay.paymentMethodId : null,
          riskConfirmed: true,
          ...p,
        }),
      done: (saved) =>
        navigate(
          faPath('planDepositDetail', info.serviceAccountId, { investPlanId: saved.investPlanId }),
          {
            replace: true,
          },
        ),
    })
  }
  return (
    <div className="fa-page" data-testid="fa-plan-deposit">
      <div className="trade-card">
        <div className="trade-card__title">{info.poName} · 每期投入</div>
        <AmountField
          value={amount}
          onChange={setAmount}
          placeholder={`${plainNumber(param.minAmount)}元起投`}
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
          testId="fa-plan-amount"
        />
      </div>
      <Section title="投入周期">
        <PeriodPicker
          period={period}
          onChange={(p) => setPeriod(p as Period)}
          today={beijingToday()}
        />
      </Section>
      <div className="trade-card trade-card--flush">
        <PayChoice
          header="扣款方式"
          choice={pay}
          walletName={walletName}
          walletBalance={methods.data?.walletShares ?? '0.00'}
          showWallet={param.payTypes.includes('wallet')}
        />
      </div>
      <p className="fa-muted" style={{ margin: '10px 16px' }}>
        每期按投顾模型当期配置买入，扣款日遇非交易日顺延至下一交易日。
      </p>
      <div className="trade-footer">
        <Button block color="primary" data-testid="fa-plan-submit" onClick={submit}>
          {plan ? '确认修改' : '确认设置'}
        </Button>
      </div>
      {write.node}
    </div>
  )
}

export default function PlanDepositPage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const investPlanId = useIdParam('investPlanId')
  const plan = useDepositPlan(investPlanId)
  const info = useAccountInfo(serviceAccountId)
  const param = useDepositPlanParam(serviceAccountId)
  return (
    <QueryView query={info} rows={6} emptyTitle="未找到该投顾账户">
      {(i) => (
        <QueryView query={param} rows={4}>
          {(p) => <Form info={i} param={p} plan={plan.data ?? null} />}
        </QueryView>
      )}
    </QueryView>
  )
}
