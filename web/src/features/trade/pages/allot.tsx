/**
 * 买入 (allot, allotFund) and 充值 (allot-wallet): one purchase screen for a fund, a portfolio
 * and the wallet (docs/product.md#screens-and-routes "Trading"; docs/trading.md "Buying").
 *
 * The amount is typed on the number keypad (or picked), the fee estimated as it changes
 * (estimateBuyFundFee, prepareBuyPo; none for the wallet), paid by card or from the wallet, in
 * a financial account; the submission checks of docs/product.md#validation run first, then the
 * risk-mismatch warning when judgeRisk asks for it (its confirmation is sent as riskConfirmed),
 * then the trade password (and for payAuthMode PASSWORD_SMS the SMS step, hooks/use-buy-verify.tsx)
 * and buyFund / buyPo / rechargeWallet with the page's tradeUUID. Success goes to tradeResult with
 * the brokerOrderNo. On a buy signal (productType signal with sigId) the purchase is
 * /trade/signalPo/buy, remembering the signal. A personal pension fund (Y 类份额) is paid from the pension account into the
 * pension financial account, and only so (docs/pension.md).
 */
import { useEffect, useMemo, useState } from 'react'
import { Button } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { ProtocolAgreement } from '@/components/protocol-agreement'
import { QueryView } from '@/components/query-view'
import { useFinancialAccounts } from '@/features/financial-accounts'
import { usePensionAccount } from '@/features/pension'
import { useWalletFunds } from '@/features/products'
import { useWalletName } from '@/features/platform'
import { formatMoney, formatPercent, toDecimal } from '@/lib/format'
import { RISK_LEVEL_SIGNED_KEY } from '@/lib/route-effects'
import { showFailToast } from '@/lib/toast'
import { useTradeUUID } from '@/lib/trade-uuid'
import { useBuyFundFee } from '../api/estimate-buy-fund-fee'
import { useTradeAgreements } from '../api/get-agreements'
import { useTradeDate } from '../api/get-trade-date'
import { useTradeProduct, type TradeProduct } from '../api/get-trade-product'
import { settledVerdict, useJudgeRisk, type RiskVerdict } from '../api/judge-risk'
import { useBuyPoPlan } from '../api/prepare-buy-po'
import {
  buyFund,
  buyPo,
  invalidateAfterTrade,
  rechargeWallet,
  signalBuy,
} from '../api/trade-writes'
import type { FundPayType, Order, PayType, ProductType } from '../api/types'
import { AccountPicker } from '../components/account-picker'
import { AmountField } from '../components/amount-field'
import { PayChoice, usePayChoice, useWalletBalance } from '../components/pay-choice'
import { PensionPay } from '../components/pension-pay'
import { ProductHead } from '../components/product-head'
import { RiskConfirmModal } from '../components/risk-confirm-modal'
import { useBuyVerify } from '../hooks/use-buy-verify'
import { useTradeSubmit } from '../hooks/use-trade-submit'
import { minimumPlaceholder, quickAmounts, toAmountString } from '../lib/amount'
import { checkBuy, tradingTimeNotice } from '../lib/buy-rules'
import { tradeTypeOf, WALLET_FUND_CODE } from '../lib/product-kind'
import '../trade.css'

/** The amount the estimate is asked for: the typed one, once it has stopped changing. */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

function FeeLines({ product, amount }: { product: TradeProduct; amount: string }) {
  const settled = useSettled(amount)
  const valid = !!toDecimal(settled)?.gt(0)
  const isPo = product.productType === 'PO'
  const isWallet = product.productType === 'WALLET'
  const fundFee = useBuyFundFee(
    { fundCode: product.productCode, amount: settled },
    valid && !isPo && !isWallet,
  )
  const poPlan = useBuyPoPlan({ poCode: product.productCode, amount: settled }, valid && isPo)
  const dates = useTradeDate(product.productCode)

  const fee = isPo ? poPlan.data : fundFee.data
  const confirmDate = fee?.confirmDate ?? dates.data?.confirmDate
  const profitDate =
    (isPo ? poPlan.data?.profitDate : fundFee.data?.profitDate) ?? dates.data?.profitDate
  const originalFee = isPo ? poPlan.data?.originalFee : fundFee.data?.originalFee
  const discounted = !!fee && !!originalFee && !!toDecimal(originalFee)?.gt(toDecimal(fee.fee) ?? 0)

  return (
    <div className="trade-lines" data-testid="trade-fee">
      {!isWallet && valid && fee && (
        <div>
          预估手续费 <strong>{formatMoney(fee.fee)}元</strong>
          {discounted && <span className="trade-strike">{formatMoney(originalFee)}元</span>}
          {!isPo && fundFee.data && (
            <>
              {'  '}费率 <strong>{formatPercent(fundFee.data.discountFeeRate)}</strong>
              {fundFee.data.feeRate !== fundFee.data.discountFeeRate && (
                <span className="trade-strike">{formatPercent(fundFee.data.feeRate)}</span>
              )}
            </>
          )}
        </div>
      )}
      {isWallet && <div>充值无手续费</div>}
      {confirmDate && (
        <div>
          预计确认日期 <strong>{confirmDate}</strong>
          {profitDate && (
            <>
              ，查看收益日期 <strong>{profitDate}</strong>
            </>
          )}
        </div>
      )}
      {isPo && valid && poPlan.data && poPlan.data.items.length > 0 && (
        <div>
          {poPlan.data.items.map((i) => (
            <div key={i.fundCode}>
              {i.fundName} {formatMoney(i.amount)}元
            </div>
          ))}
        </div>
      )}
    </div>
  )
}

function AllotForm({
  product,
  productType,
  rawProductType,
}: {
  product: TradeProduct
  productType: ProductType
  rawProductType: string
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const { tradeUUID, renew } = useTradeUUID()
  const { submit, dialog } = useTradeSubmit()
  const isWallet = productType === 'WALLET'
  // 跟车买入 from a buy signal's detail (/allot?productType=signal&sigId=): the purchase goes
  // through /trade/signalPo/buy with the signal (docs/signals.md)
  const sigId = rawProductType === 'signal' ? params.get('sigId') || null : null

  const walletName = useWalletName()
  const accounts = useFinancialAccounts(false)
  const risk = useJudgeRisk({ productCode: product.productCode, productType: rawProductType })
  const agreements = useTradeAgreements(product.productCode, rawProductType)

  const visibleAccounts = useMemo(
    () => accounts.data?.visibleAccountList ?? accounts.data?.financialAccountList ?? [],
    [accounts.data],
  )
  const queryAccount = Number(params.get('financialAccountId')) || null
  const [accountId, setAccountId] = useState<number | null>(queryAccount)
  const isPension = product.isPension
  const pension = usePensionAccount(isPension)
  const pensionPay = pension.data?.tdPaymentMethods[0] ?? null
  const financialAccountId = isPension
    ? pensionPay
      ? (pension.data?.financialAccountId ?? null)
      : null
    : (accountId ?? visibleAccounts[0]?.financialAccountId ?? null)
  const walletBalance = useWalletBalance(financialAccountId, !isWallet)

  const [amount, setAmount] = useState('')
  const [keyboard, setKeyboard] = useState(false)
  const pay = usePayChoice()
  const [agreed, setAgreed] = useState(false)
  const [riskModal, setRiskModal] = useState(false)
  const [riskConfirmed, setRiskConfirmed] = useState(
    () => sessionStorage.getItem(RISK_LEVEL_SIGNED_KEY) === product.productCode,
  )

  const chosenPay: FundPayType | null = isPension ? 'pension' : pay.payType
  const chosenCardId = pay.paymentMethodId
  const chosenCard = pay.card

  // A recharge is held to the wallet's 起存金额 (the broker's super wallet minimum, at least
  // the fund's own), not the fund's: docs/trading.md#the-wallets-minimum.
  const wallet = useWalletFunds(isWallet)
  const min = isWallet ? (wallet.data?.minPurchaseAmount ?? '') : product.minPurchaseAmount
  const picks = quickAmounts(min)
  const notice = tradingTimeNotice(product.tradeLimitStartTime, product.tradeLimitEndTime)
  const verdict = risk.data

  const check = (settled: RiskVerdict | undefined) =>
    checkBuy({
      amount,
      minPurchaseAmount: min,
      canBuy: product.canBuy,
      statusText: product.statusText,
      disclosureComplete: product.disclosureComplete,
      disclosureExempt: product.fundType === 4 || product.boxMode === 'BLACK_BOX',
      payType: chosenPay,
      paymentMethodId: chosenPay === 'card' ? chosenCardId : null,
      walletBalance,
      walletName,
      pensionBalance: pensionPay?.balance ?? null,
      cardSingleLimit: chosenCard?.singleLimit,
      hasFinancialAccounts: isPension || visibleAccounts.length > 0,
      financialAccountId,
      agreed,
      riskRefusal: isWallet || !settled?.forbidden ? null : settled.refusal,
    })

  const onSubmit = async () => {
    const settled = await settledVerdict(risk)
    const message = check(settled)
    if (message) {
      showFailToast(message)
      return
    }
    if (!isWallet && settled?.needSurvey) {
      navigate(`/riskSurvey`)
      return
    }
    if (!isWallet && settled?.needConfirm && !riskConfirmed) {
      setRiskModal(true)
      return
    }
    setKeyboard(false)
    verify.askPassword()
  }

  const verify = useBuyVerify({
    financialAccountId,
    description: `${isWallet ? '充值' : '买入'} ${formatMoney(toAmountString(amount))} 元`,
    order: (tradePassword, verifyTicket) => {
      const money = toAmountString(amount)
      const common = {
        financialAccountId: financialAccountId as number,
        amount: money,
        tradePassword,
        tradeUUID,
        verifyTicket,
      }
      const run = (): Promise<Order> => {
        if (isWallet) return rechargeWallet({ ...common, paymentMethodId: chosenCardId as number })
        const paid = {
          paymentMethodId: chosenPay === 'card' ? chosenCardId : null,
          riskConfirmed,
        }
        if (productType === 'PO' && sigId)
          return signalBuy({
            ...common,
            ...paid,
            payType: chosenPay as PayType,
            poCode: product.productCode,
            sigId,
          })
        return productType === 'PO'
          ? buyPo({
              ...common,
              ...paid,
              payType: chosenPay as PayType,
              poCode: product.productCode,
            })
          : buyFund({
              ...common,
              ...paid,
              payType: chosenPay as FundPayType,
              fundCode: product.productCode,
            })
      }
      return submit(run, { match: { productCode: product.productCode, amount: money } })
    },
    onPlaced: (placed) => {
      renew()
      void invalidateAfterTrade(queryClient)
      navigate(`/tradeResult?brokerOrderNo=${encodeURIComponent(placed.brokerOrderNo)}`, {
        replace: true,
      })
    },
  })

  return (
    <div className="trade-page">
      <ProductHead product={product} />
      {notice && <div className="trade-notice">{notice}</div>}
      {product.statusNote && !product.canBuy && (
        <div className="trade-notice">{product.statusNote}</div>
      )}

      <div className="trade-card">
        <div className="trade-card__title">{isWallet ? '充值金额' : '买入金额'}</div>
        <AmountField
          value={amount}
          onChange={setAmount}
          placeholder={minimumPlaceholder(min)}
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
        />
        {picks.length > 0 && (
          <div className="trade-quick">
            {picks.map((p) => (
              <button
                type="button"
                key={p}
                className={toDecimal(amount)?.eq(p) ? 'is-active' : ''}
                onClick={() => setAmount(String(p))}
              >
                {p >= 10000 ? `${p / 10000}万` : p}
              </button>
            ))}
          </div>
        )}
        <FeeLines product={product} amount={amount} />
        {!isWallet && verdict && !verdict.isMatch && verdict.warning && (
          <div className="trade-hint" data-testid="risk-warning">
            {verdict.warning}
          </div>
        )}
      </div>

      {isPension ? (
        <PensionPay loading={pension.isPending} method={pensionPay} />
      ) : (
        <div className="trade-card trade-card--flush">
          <PayChoice
            header={isWallet ? '支付方式' : '扣款方式'}
            choice={pay}
            walletName={walletName}
            walletBalance={walletBalance}
            showWallet={!isWallet}
          />
        </div>
      )}

      {!isPension && visibleAccounts.length > 0 && (
        <div className="trade-card trade-card--flush">
          <AccountPicker
            accounts={visibleAccounts}
            value={financialAccountId}
            onChange={setAccountId}
          />
        </div>
      )}

      <div className="trade-agree">
        <ProtocolAgreement
          protocols={(agreements.data?.agreements ?? []).map((a) => ({
            // The checkbox adds the 《》 itself.
            name: a.name.replace(/^《(.*)》$/, '$1'),
            url: a.url,
          }))}
          checked={agreed}
          onChange={setAgreed}
        />
      </div>

      <div className="trade-footer">
        <Button block color="primary" data-testid="trade-submit" loading="auto" onClick={onSubmit}>
          {isWallet ? '确认充值' : '确认买入'}
        </Button>
      </div>

      <RiskConfirmModal
        visible={riskModal}
        verdict={verdict}
        productCode={product.productCode}
        subject="该产品"
        action="购买"
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

export default function AllotPage() {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const rawType = params.get('productType') ?? ''
  const productCode =
    pathname === '/allot-wallet'
      ? params.get('productCode') || WALLET_FUND_CODE
      : (params.get('productCode') ?? '')
  const productType: ProductType =
    pathname === '/allot-wallet' ? 'WALLET' : tradeTypeOf(rawType, productCode)
  const product = useTradeProduct(productCode, productType)
  return (
    <QueryView query={product} rows={6} emptyTitle="缺少产品信息">
      {(p) => (
        <AllotForm
          product={p}
          productType={productType}
          rawProductType={rawType || (productType === 'PO' ? 'poFund' : productType.toLowerCase())}
        />
      )}
    </QueryView>
  )
}
