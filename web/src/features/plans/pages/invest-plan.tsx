/**
 * 定投 (investPlan): the trade screen in plan mode (docs/plans.md "The plan screen"), built from
 * the purchase screen's parts (product head, keypad amount, payment choice, financial account,
 * agreement, risk confirmation, trade password and buy verify code). The amount per period, the
 * period and its day (每日/每周/每两周/每月/每年, 周一–周五 or 1–28日), the way to pay, 智能定投
 * with the band table, 目标止盈 with its target and action; the first and next dates come from
 * the preview call as the period changes. Create, or modify a plan (investPlanId): prefilled
 * from its detail, sent as an update that takes effect from the next date.
 */
import { useMemo, useState } from 'react'
import { Button, List, Radio, Selector, Switch } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { ProtocolAgreement, type Protocol } from '@/components/protocol-agreement'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { useFinancialAccounts } from '@/features/financial-accounts'
import { useWalletName } from '@/features/platform'
import {
  AccountPicker,
  AmountField,
  minimumPlaceholder,
  PayChoice,
  plainNumber,
  ProductHead,
  RiskConfirmModal,
  toAmountString,
  tradeTypeOf,
  tradingTimeNotice,
  useBuyVerify,
  settledVerdict,
  useJudgeRisk,
  usePayChoice,
  useTradeAgreements,
  useTradeProduct,
  useTradeSubmit,
  useWalletBalance,
  type TradeProduct,
} from '@/features/trade'
import { formatMoney, formatPercent, toDecimal } from '@/lib/format'
import { RISK_LEVEL_SIGNED_KEY } from '@/lib/route-effects'
import { serverToday } from '@/lib/server-clock'
import { showFailToast } from '@/lib/toast'
import { useTradeUUID } from '@/lib/trade-uuid'
import { usePlanDetail } from '../api/get-plan-detail'
import { usePlanPreview } from '../api/get-plan-preview'
import { createPlan, invalidateAfterPlanWrite, updatePlan } from '../api/plan-writes'
import type {
  InvestPlan,
  InvestPlanDetail,
  PlanPeriod,
  PlanProductType,
  TargetAction,
} from '../api/types'
import { PeriodPicker } from '../components/period-picker'
import { SmartBandTable } from '../components/smart-band-table'
import { defaultPeriod, periodParams, periodText } from '../lib/period'
import { planDetailPath, planTypeOf } from '../lib/paths'
import { checkPlan } from '../lib/rules'
import { deviationText, largestMultiplier, multiplierText, scaledAmount } from '../lib/smart'
import { PLAN_TEXTS, TARGET_ACTIONS, TARGET_RATES } from '../lib/texts'
import '../plans.css'

/** Quick amounts of a plan: the usual monthly sums, those at or above the minimum. */
const PLAN_QUICK_AMOUNTS = [100, 300, 500, 1000, 2000]

function PlanForm({
  product,
  planType,
  rawType,
  existing,
}: {
  product: TradeProduct
  planType: PlanProductType
  rawType: string
  existing: InvestPlanDetail | null
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const { tradeUUID, renew } = useTradeUUID()
  const { submit, dialog } = useTradeSubmit()
  const today = serverToday()
  const isWallet = planType === 'wallet'
  const modifying = existing !== null

  const walletName = useWalletName()
  const accounts = useFinancialAccounts(false)
  const risk = useJudgeRisk({ productCode: product.productCode, productType: rawType })
  const agreements = useTradeAgreements(product.productCode, rawType)
  const visibleAccounts = useMemo(
    () => accounts.data?.visibleAccountList ?? accounts.data?.financialAccountList ?? [],
    [accounts.data],
  )
  const queryAccount =
    existing?.financialAccountId ?? (Number(params.get('financialAccountId')) || null)
  const [accountId, setAccountId] = useState<number | null>(queryAccount)
  const financialAccountId = accountId ?? visibleAccounts[0]?.financialAccountId ?? null
  const walletBalance = useWalletBalance(financialAccountId, !isWallet)

  const [amount, setAmount] = useState(existing ? plainNumber(existing.amount) : '')
  const [keyboard, setKeyboard] = useState(false)
  const [period, setPeriod] = useState<PlanPeriod>(() =>
    existing
      ? {
          periodUnit: existing.periodUnit,
          periodInterval: existing.periodInterval,
          periodDay: existing.periodDay,
          periodMonth: existing.periodMonth,
        }
      : defaultPeriod(today),
  )
  const pay = usePayChoice(
    existing
      ? { payType: existing.payType, paymentMethodId: existing.paymentMethodId }
      : isWallet
        ? { payType: 'card' }
        : {},
  )
  const [smart, setSmart] = useState(existing?.smart ?? false)
  const [target, setTarget] = useState(!!existing?.targetRate)
  const [targetRate, setTargetRate] = useState<string | null>(existing?.targetRate ?? null)
  const [targetAction, setTargetAction] = useState<TargetAction | null>(
    existing?.targetAction ?? null,
  )
  const [agreed, setAgreed] = useState(false)
  const [riskModal, setRiskModal] = useState(false)
  const [riskConfirmed, setRiskConfirmed] = useState(
    () => sessionStorage.getItem(RISK_LEVEL_SIGNED_KEY) === product.productCode,
  )
  const [updating, setUpdating] = useState(false)
  const [done, setDone] = useState<InvestPlan | null>(null)

  const preview = usePlanPreview({
    productType: planType,
    productCode: product.productCode,
    financialAccountId,
    ...periodParams(period),
  })
  const p = preview.data
  const verdict = risk.data
  const notice = tradingTimeNotice(product.tradeLimitStartTime, product.tradeLimitEndTime)
  const minAmount = p?.minAmount ?? product.minPurchaseAmount
  const picks = PLAN_QUICK_AMOUNTS.filter((v) => !toDecimal(minAmount)?.gt(v))
  const cardLimit = pay.payType === 'card' ? (pay.card?.singleLimit ?? p?.maxAmount) : null
  const money = toAmountString(amount)

  const protocols: Protocol[] = useMemo(() => {
    const own = (agreements.data?.agreements ?? []).map((a) => ({
      name: a.name.replace(/^《(.*)》$/, '$1'),
      url: a.url,
    }))
    const extra = (p?.protocolNames ?? [])
      .map((n) => n.replace(/^《(.*)》$/, '$1'))
      .filter((n) => !own.some((o) => o.name === n))
      .map((name) => ({ name, url: '' }))
    return [...extra, ...own]
  }, [agreements.data, p?.protocolNames])

  const onSubmit = async () => {
    const message = checkPlan({
      canBuy: product.canBuy,
      statusText: product.statusText,
      hasFinancialAccounts: visibleAccounts.length > 0,
      financialAccountId,
      amount,
      minAmount,
      maxAmount: cardLimit,
      smartMultiplier: p?.smartSupported && smart ? largestMultiplier(p.smartBands) : null,
      period,
      payType: pay.payType,
      paymentMethodId: pay.paymentMethodId,
      target,
      targetRate,
      targetAction,
      agreed,
    })
    if (message) {
      showFailToast(message)
      return
    }
    setKeyboard(false)
    if (modifying) {
      setUpdating(true)
      return
    }
    const settled = await settledVerdict(risk)
    if (!isWallet && settled?.needSurvey) {
      navigate('/riskSurvey')
      return
    }
    if (!isWallet && settled?.needConfirm && !riskConfirmed) {
      setRiskModal(true)
      return
    }
    verify.askPassword()
  }

  const planFields = () => ({
    amount: money,
    ...periodParams(period),
    payType: pay.payType ?? 'card',
    paymentMethodId: pay.payType === 'card' ? pay.paymentMethodId : null,
    payDateMode: existing?.payDateMode ?? ('CONTINUITY' as const),
    smart: !!p?.smartSupported && smart,
    targetRate: target ? targetRate : null,
    targetAction: target ? targetAction : null,
  })

  const finish = (plan: InvestPlan) => {
    renew()
    void invalidateAfterPlanWrite(queryClient)
    setDone(plan)
  }

  const verify = useBuyVerify({
    financialAccountId,
    description: `${periodText(period)}定投 ${formatMoney(money)} 元`,
    order: (tradePassword, verifyTicket) =>
      submit(
        () =>
          createPlan({
            financialAccountId: financialAccountId as number,
            productType: planType,
            productCode: product.productCode,
            ...planFields(),
            tradePassword,
            tradeUUID,
            verifyTicket,
            riskConfirmed: isWallet ? false : riskConfirmed,
          }),
        { kind: 'plan' },
      ),
    onPlaced: finish,
  })

  const update = async (tradePassword: string) => {
    if (!existing) return
    const outcome = await submit(
      () =>
        updatePlan(existing.productType, {
          investPlanId: existing.investPlanId,
          ...planFields(),
          takeProfit: target,
          tradePassword,
          tradeUUID,
        }),
      { kind: 'plan' },
    )
    if (outcome.ok) {
      setUpdating(false)
      finish(outcome.value)
      return
    }
    if (outcome.retryPassword) throw outcome.error
    setUpdating(false)
  }

  if (done) {
    return (
      <ResultView
        status="success"
        title={modifying ? PLAN_TEXTS.updated : PLAN_TEXTS.created}
        description={
          <div data-testid="plan-result">
            <div>
              {done.periodText}定投 {formatMoney(done.amount)} 元
            </div>
            {done.nextDate && (
              <div>
                {modifying ? '下次扣款日' : '首次扣款日'} {done.nextDate}
              </div>
            )}
            <div>扣款方式 {done.payMethodText}</div>
          </div>
        }
        actions={[
          {
            text: '查看计划',
            onClick: () =>
              navigate(planDetailPath(done.investPlanId, done.productType), { replace: true }),
          },
          { text: '完成', primary: false, onClick: () => navigate(-1) },
        ]}
      />
    )
  }

  const scaled = smart && p?.currentMultiplier ? scaledAmount(money, p.currentMultiplier) : ''

  return (
    <div className="trade-page plan-page">
      <ProductHead product={product} />
      {notice && <div className="trade-notice">{notice}</div>}
      {product.statusNote && !product.canBuy && (
        <div className="trade-notice">{product.statusNote}</div>
      )}
      {modifying && <div className="trade-notice">{PLAN_TEXTS.updateEffect}</div>}

      <div className="trade-card">
        <div className="trade-card__title">每期定投金额</div>
        <AmountField
          value={amount}
          onChange={setAmount}
          placeholder={minimumPlaceholder(minAmount)}
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
        />
        {picks.length > 0 && (
          <div className="trade-quick">
            {picks.map((v) => (
              <button
                type="button"
                key={v}
                className={toDecimal(amount)?.eq(v) ? 'is-active' : ''}
                onClick={() => setAmount(String(v))}
              >
                {v}
              </button>
            ))}
          </div>
        )}
        {!isWallet && verdict && !verdict.isMatch && verdict.warning && (
          <div className="trade-hint" data-testid="risk-warning">
            {verdict.warning}
          </div>
        )}
      </div>

      <div className="trade-card">
        <PeriodPicker period={period} onChange={setPeriod} today={today} />
        <div className="plan-dates" data-testid="plan-dates">
          {p ? (
            <>
              <div>
                {modifying ? '下次扣款日' : '首次扣款日'}{' '}
                <strong data-testid="plan-first-date">{p.firstDate}</strong>
              </div>
              {p.nextDates.length > 0 && <div>后续扣款日 {p.nextDates.join('、')}</div>}
              <div className="plan-dates__note">
                遇非交易日顺延至下一交易日；{PLAN_TEXTS.continuity}
              </div>
            </>
          ) : preview.isError ? (
            <div>扣款日期暂时无法获取</div>
          ) : (
            <div>正在计算扣款日期...</div>
          )}
        </div>
      </div>

      <div className="trade-card trade-card--flush">
        <PayChoice
          header="扣款方式"
          choice={pay}
          walletName={walletName}
          walletBalance={walletBalance}
          showWallet={!isWallet}
        />
      </div>

      {visibleAccounts.length > 0 && !modifying && (
        <div className="trade-card trade-card--flush">
          <AccountPicker
            accounts={visibleAccounts}
            value={financialAccountId}
            onChange={setAccountId}
          />
        </div>
      )}

      {p?.smartSupported && (
        <div className="trade-card" data-testid="plan-smart">
          <div className="plan-switch">
            <div>
              <div className="trade-card__title plan-switch__title">智能定投</div>
              <div className="plan-muted">
                参考{p.smartIndexName ?? '指数'}与250日均线的偏离，低位多投、高位少投
              </div>
            </div>
            <Switch checked={smart} onChange={setSmart} aria-label="智能定投" />
          </div>
          {smart && (
            <>
              <div className="plan-smart-now">
                <span>
                  {p.smartIndexName} {deviationText(p.currentDeviation)}
                </span>
                <span>
                  当前倍数{' '}
                  <strong data-testid="smart-multiplier">
                    {multiplierText(p.currentMultiplier)}
                  </strong>
                </span>
              </div>
              {scaled && (
                <div className="plan-muted">
                  按当前倍数，本期预计扣款 <strong>{formatMoney(scaled)}</strong> 元（以扣款日为准）
                </div>
              )}
              <SmartBandTable bands={p.smartBands} deviation={p.currentDeviation} />
            </>
          )}
        </div>
      )}

      {!isWallet && (
        <div className="trade-card" data-testid="plan-target">
          <div className="plan-switch">
            <div>
              <div className="trade-card__title plan-switch__title">目标止盈</div>
              <div className="plan-muted">本轮收益率达到目标后自动处理</div>
            </div>
            <Switch checked={target} onChange={setTarget} aria-label="目标止盈" />
          </div>
          {target && (
            <>
              <div className="plan-field__label">目标收益率</div>
              <Selector
                columns={3}
                showCheckMark={false}
                value={targetRate ? [targetRate] : []}
                options={TARGET_RATES.map((r) => ({ label: formatPercent(r), value: r }))}
                onChange={(v) => setTargetRate(v[0] ?? null)}
              />
              <div className="plan-field__label">达标后</div>
              <Radio.Group
                value={targetAction}
                onChange={(v) => setTargetAction(v as TargetAction)}
              >
                <List className="plan-actions">
                  {TARGET_ACTIONS.map((a) => (
                    <List.Item
                      key={a.key}
                      prefix={<Radio value={a.key} />}
                      description={a.text}
                      onClick={() => setTargetAction(a.key)}
                    >
                      {a.label}
                    </List.Item>
                  ))}
                </List>
              </Radio.Group>
              <a className="plan-link" role="link" onClick={() => navigate('/targetKeepOnRule')}>
                目标止盈定投规则 ›
              </a>
            </>
          )}
        </div>
      )}

      <div className="trade-agree">
        <ProtocolAgreement protocols={protocols} checked={agreed} onChange={setAgreed} />
      </div>

      <div className="trade-footer">
        <Button block color="primary" data-testid="plan-submit" loading="auto" onClick={onSubmit}>
          {modifying ? '确认修改' : '确认定投'}
        </Button>
      </div>

      <RiskConfirmModal
        visible={riskModal}
        verdict={verdict}
        productCode={product.productCode}
        subject="该产品"
        action="定投"
        onConfirm={() => {
          setRiskConfirmed(true)
          setRiskModal(false)
          verify.askPassword()
        }}
        onCancel={() => setRiskModal(false)}
      />
      {verify.sheets}
      <TradePasswordPopup
        visible={updating}
        description={`修改为${periodText(period)}定投 ${formatMoney(money)} 元`}
        onClose={() => setUpdating(false)}
        onSubmit={update}
        onForgot={() => navigate('/resetTradePasswordAuth')}
      />
      {dialog}
    </div>
  )
}

function ProductPlan({
  productCode,
  rawType,
  existing,
}: {
  productCode: string
  rawType: string
  existing: InvestPlanDetail | null
}) {
  const planType = existing?.productType ?? planTypeOf(rawType, productCode)
  const product = useTradeProduct(productCode, tradeTypeOf(planType, productCode))
  return (
    <QueryView query={product} rows={6} emptyTitle="缺少产品信息">
      {(found) => (
        <PlanForm
          product={found}
          planType={planType}
          rawType={rawType || planType}
          existing={existing}
        />
      )}
    </QueryView>
  )
}

function ModifyPlan({ investPlanId, strategy }: { investPlanId: number; strategy: boolean }) {
  const detail = usePlanDetail(investPlanId, strategy)
  return (
    <QueryView query={detail} rows={6} emptyTitle="未找到该定投计划">
      {(plan) =>
        plan.status !== 'A' ? (
          <ResultView
            status="info"
            title="仅进行中的计划可修改"
            description={`该计划${plan.status === 'P' ? '已暂停，恢复后可修改' : '已终止'}`}
          />
        ) : (
          <ProductPlan productCode={plan.productCode} rawType={plan.productType} existing={plan} />
        )
      }
    </QueryView>
  )
}

export default function InvestPlanPage() {
  const [params] = useSearchParams()
  const investPlanId = Number(params.get('investPlanId')) || 0
  const rawType = params.get('productType') ?? ''
  if (investPlanId > 0)
    return <ModifyPlan investPlanId={investPlanId} strategy={rawType === 'strategy'} />
  return (
    <ProductPlan productCode={params.get('productCode') ?? ''} rawType={rawType} existing={null} />
  )
}
