/**
 * 基金转换 (convert/trade; fundCode, targetFundCode, financialAccountId): the fund converted out
 * and the fund converted into, the shares (typed on the keypad, or 全部 / 1/2 / 1/3 of the
 * convertible shares) with the checks of lib/convert-rules shown as they are typed, and the
 * estimate (prepare with the target and the shares, once typing stops): 预计转换费用 (the
 * redemption fee plus the 补差费) and 预计转入金额, with the trade and confirmation dates.
 *
 * On 确认转换: the checks, then the risk-mismatch warning when judgeRisk asks for it for the
 * fund converted into (its confirmation is sent as riskConfirmed and kept for this fund while
 * the user stays on the page, docs/product.md#states), then the trade password and convert/do with
 * the page's tradeUUID through useTradeSubmit (docs/api.md#trade-network-errors). Success opens
 * convert/result.
 */
import { useState } from 'react'
import { Button, ErrorBlock } from 'antd-mobile'
import { DownOutline } from 'antd-mobile-icons'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import {
  AmountField,
  invalidateAfterTrade,
  portionOf,
  toAmountString,
  RiskConfirmModal,
  settledVerdict,
  useJudgeRisk,
  useBuyVerify,
  useTradeSubmit,
} from '@/features/trade'
import { ApiError } from '@/lib/api-client'
import { formatMoney, formatNav, formatNumber, formatPercent, toDecimal } from '@/lib/format'
import { RISK_LEVEL_SIGNED_KEY } from '@/lib/route-effects'
import { showFailToast } from '@/lib/toast'
import { useTradeUUID } from '@/lib/trade-uuid'
import { convertFund } from '../api/convert-writes'
import { useConvertEstimate, useConvertPrepare } from '../api/get-convert-prepare'
import type { ConvertPrepare, ConvertTarget } from '../api/types'
import { FundCard } from '../components/fund-card'
import { convertPath, useConvertAccount } from '../hooks/use-convert-account'
import { useSettled } from '../hooks/use-settled'
import { checkConvertShares, estimateShares, riskText } from '../lib/convert-rules'
import '../convert.css'

/** "（0.5%）" after a fee; nothing for a rate of zero or none. */
const rateText = (rate: string | null) =>
  toDecimal(rate)?.gt(0) ? `（${formatPercent(rate)}）` : ''

const SHARE_PICKS = [
  { label: '全部', denominator: 1 },
  { label: '1/2', denominator: 2 },
  { label: '1/3', denominator: 3 },
] as const

function Estimate({
  prepare,
  target,
  shares,
}: {
  prepare: ConvertPrepare
  target: ConvertTarget
  shares: string
}) {
  const settled = useSettled(shares)
  const estimate = useConvertEstimate(
    {
      fundCode: prepare.fundCode,
      financialAccountId: prepare.financialAccountId,
      targetFundCode: target.fundCode,
      shares: settled,
    },
    !!settled,
  )
  // the server's refusal of these shares (its holding changed since the page opened): the same
  // words as the page's own checks (lib/convert-rules), shown in their place
  const refusal =
    shares && settled && estimate.error instanceof ApiError && estimate.error.answered
      ? estimate.error.message
      : null
  const e = shares && settled && !refusal ? estimate.data : null
  return (
    <div className="convert-estimate" data-testid="convert-estimate">
      {refusal && (
        <div className="convert-error" data-testid="convert-estimate-error">
          {refusal}
        </div>
      )}
      <div className="convert-estimate__row">
        <span>预计转换费用</span>
        <strong data-testid="convert-fee">{e ? `${formatMoney(e.totalFee)}元` : '--'}</strong>
      </div>
      {e && (
        <div className="convert-estimate__note">
          赎回费 {formatMoney(e.redeemFee)}元{rateText(e.redeemFeeRate)} + 补差费{' '}
          {formatMoney(e.feeDifference)}元{rateText(e.feeDifferenceRate)}
        </div>
      )}
      <div className="convert-estimate__row">
        <span>预计转入金额</span>
        <strong data-testid="convert-amount">
          {e ? `${formatMoney(e.estimatedAmount)}元` : '--'}
        </strong>
      </div>
      {e && (
        <div className="convert-estimate__note">
          {e.estimatedShares !== null && `约 ${formatNumber(e.estimatedShares)}份，`}
          按最新净值估算，以实际确认为准
        </div>
      )}
      <div className="convert-estimate__row">
        <span>交易日</span>
        <strong>{prepare.tradeDate}</strong>
      </div>
      <div className="convert-estimate__row">
        <span>预计确认日期</span>
        <strong data-testid="convert-confirm-date">{prepare.confirmDate}</strong>
      </div>
    </div>
  )
}

function ConvertForm({ prepare, target }: { prepare: ConvertPrepare; target: ConvertTarget }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { tradeUUID, renew } = useTradeUUID()
  const { submit, dialog } = useTradeSubmit()
  // a refused conversion says so in the server's words for a conversion (judgeRisk's refusal)
  const risk = useJudgeRisk({ productCode: target.fundCode, productType: 'fund', scene: 'convert' })
  const verdict = risk.data
  const [shares, setShares] = useState('')
  const [keyboard, setKeyboard] = useState(false)
  const [riskModal, setRiskModal] = useState(false)
  const [riskConfirmed, setRiskConfirmed] = useState(
    () => sessionStorage.getItem(RISK_LEVEL_SIGNED_KEY) === target.fundCode,
  )

  const rule = {
    shares,
    availableShares: prepare.availableShares,
    minConvertShares: prepare.minConvertShares,
    minRemainingShares: prepare.minRemainingShares,
  }
  const message = checkConvertShares(rule, false)
  const amount = toAmountString(shares)

  const onSubmit = async () => {
    const problem = checkConvertShares(rule)
    if (problem) return showFailToast(problem)
    const settled = await settledVerdict(risk)
    if (settled?.forbidden) return showFailToast(settled.refusal)
    if (settled?.needSurvey) return navigate('/riskSurvey')
    setKeyboard(false)
    if (settled?.needConfirm && !riskConfirmed) return setRiskModal(true)
    verify.askPassword()
  }

  const verify = useBuyVerify({
    financialAccountId: prepare.financialAccountId,
    description: `转换 ${formatNumber(amount)} 份 ${prepare.fundName} 为 ${target.fundName}`,
    order: (tradePassword, verifyTicket) =>
      submit(
        () =>
          convertFund({
            tradeUUID,
            financialAccountId: prepare.financialAccountId,
            fundCode: prepare.fundCode,
            targetFundCode: target.fundCode,
            shares: amount,
            tradePassword,
            verifyTicket,
            riskConfirmed,
          }),
        { match: { productCode: prepare.fundCode, shares: amount } },
      ),
    onPlaced: (placed) => {
      renew()
      void invalidateAfterTrade(queryClient)
      navigate(convertPath('/convert/result', { brokerOrderNo: placed.brokerOrderNo }), {
        replace: true,
      })
    },
  })

  return (
    <div className="convert-page convert-page--form" data-testid="convert-trade">
      <FundCard
        label="转出基金"
        name={prepare.fundName}
        code={prepare.fundCode}
        testId="convert-source"
        lines={[
          { label: '可转换份额', value: `${formatNumber(prepare.availableShares)}份` },
          { label: '最新净值', value: formatNav(prepare.nav) },
        ]}
      />
      <div className="convert-arrow" aria-hidden>
        <DownOutline />
      </div>
      <FundCard
        label="转入基金"
        name={target.fundName}
        code={target.fundCode}
        tags={[target.fundTypeName, riskText(target)]}
        testId="convert-target-card"
        lines={[
          { label: '最新净值', value: formatNav(target.nav) },
          { label: '买入费率', value: formatPercent(target.purchaseFeeRate) },
        ]}
      />

      <div className="convert-card">
        <div className="convert-card__title">转换份额</div>
        <AmountField
          value={shares}
          onChange={setShares}
          unit=""
          suffix="份"
          placeholder={`最多可转 ${formatNumber(prepare.availableShares)} 份`}
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
          testId="convert-shares"
        />
        <div className="trade-quick">
          {SHARE_PICKS.map((p) => {
            const value = portionOf(prepare.availableShares, p.denominator)
            return (
              <button
                type="button"
                key={p.label}
                className={shares && toDecimal(shares)?.eq(value) ? 'is-active' : ''}
                onClick={() => setShares(value)}
              >
                {p.label}
              </button>
            )
          })}
        </div>
        {message && (
          <div className="convert-error" data-testid="convert-shares-error">
            {message}
          </div>
        )}
        {verdict && !verdict.isMatch && verdict.warning && (
          <div className="convert-error" data-testid="risk-warning">
            {verdict.warning}
          </div>
        )}
        <Estimate prepare={prepare} target={target} shares={estimateShares(rule)} />
      </div>

      <ul className="convert-rules">
        {toDecimal(prepare.minConvertShares)?.gt(0) && (
          <li>单笔最低转换 {formatNumber(prepare.minConvertShares)} 份，全部转换不受此限</li>
        )}
        {toDecimal(prepare.minRemainingShares)?.gt(0) && (
          <li>转换后剩余份额不能少于 {formatNumber(prepare.minRemainingShares)} 份</li>
        )}
        <li>转出与转入均按交易日净值计算，15:00 后提交按下一交易日处理</li>
        <li>转换费用 = 转出基金赎回费 + 申购费补差（转入基金申购费高于转出基金时收取）</li>
      </ul>

      <div className="trade-footer">
        <Button
          block
          color="primary"
          data-testid="convert-submit"
          loading="auto"
          onClick={onSubmit}
        >
          确认转换
        </Button>
      </div>

      <RiskConfirmModal
        visible={riskModal}
        verdict={verdict}
        productCode={target.fundCode}
        subject="转入基金"
        action="转换"
        onConfirm={() => {
          setRiskConfirmed(true)
          setRiskModal(false)
          verify.askPassword()
        }}
        onCancel={() => setRiskModal(false)}
      />
      {verify.sheets}
      {dialog}
    </div>
  )
}

export default function ConvertTradePage() {
  const [params] = useSearchParams()
  const fundCode = params.get('fundCode') ?? ''
  const targetFundCode = params.get('targetFundCode') ?? ''
  const { financialAccountId } = useConvertAccount()
  const query = useConvertPrepare(fundCode, financialAccountId, targetFundCode)
  return (
    <QueryView query={query} rows={8} emptyTitle="缺少基金信息">
      {(prepare) => {
        const target = prepare.targets.find((t) => t.fundCode === targetFundCode)
        if (!target)
          return (
            <ErrorBlock
              status="empty"
              title="该基金不可转入"
              description="请从可转入的基金中选择"
            />
          )
        return <ConvertForm key={target.fundCode} prepare={prepare} target={target} />
      }}
    </QueryView>
  )
}
